import { ApiError } from '@portfolio/shared/api-client';
import { ADMIN_FORBIDDEN_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../../texts';

/**
 * Sign-up, sign-in and Google errors show the provider's message text (docs/product.md#accounts).
 */
export function providerMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** What a failed admin call shows: the API decides the role, the page only says so clearly. */
export function adminErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return ADMIN_FORBIDDEN_MESSAGE;
    if (error.status === 401) return SESSION_EXPIRED_MESSAGE;
    return error.message || fallback;
  }
  return fallback;
}

/** What a failed admin list load shows: the list error, unless the role is the reason. */
export function loadErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return adminErrorMessage(error, fallback);
  }
  return fallback;
}
