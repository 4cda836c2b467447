// A signed-in member's own data (docs/decisions/207) and profile.
import { ApiUserProfileSchema, MemberDeletedSchema } from '@portfolio/contract';
import type { MemberDeleted, ApiUserProfile, ProfileInput } from '@portfolio/contract';
import { withDeadline, sendOk, requestJson, jsonBody } from './transport';
import type { RequestOptions } from './transport';

export type { MemberDeleted };

/** Everything the site keeps of the signed-in member, as the JSON file they download. */
export function exportMyData(options: RequestOptions): Promise<string> {
  return withDeadline(options.signal, async (signal) => {
    const response = await sendOk('/members/me/export', {}, options, signal);
    return response.text();
  });
}

/**
 * Deletes the signed-in member's data (a token from a sign-in of the last 5 minutes, else an
 * ApiError 401 saying to sign in again); their Firebase account is the caller's to delete next.
 */
export function deleteMyData(options: RequestOptions): Promise<MemberDeleted> {
  return requestJson('/members/me', MemberDeletedSchema, { method: 'DELETE' }, options);
}

// --- Signed-in user: profile documents (embedded-default profile store) ---

export function getMyProfile(options: RequestOptions): Promise<ApiUserProfile> {
  return requestJson('/users/me', ApiUserProfileSchema, {}, options);
}

export type ProfileWrite = ProfileInput;

export function putMyProfile(
  profile: ProfileWrite,
  options: RequestOptions,
): Promise<ApiUserProfile> {
  return requestJson(
    '/users/me',
    ApiUserProfileSchema,
    { method: 'PUT', ...jsonBody(profile) },
    options,
  );
}
