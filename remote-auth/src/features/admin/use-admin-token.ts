import { useCallback } from 'react';
import { ApiError } from '@portfolio/shared/api-client';
import { useAuth } from '@portfolio/shared/auth';
import { SESSION_EXPIRED_MESSAGE } from '../../texts';

/** The signed-in user's ID token for an admin call; the API checks its role claim. */
export function useAdminToken(): () => Promise<string> {
  const { getIdToken } = useAuth();
  return useCallback(async () => {
    const token = await getIdToken();
    // Signed out in another tab meanwhile: the same answer the API would give.
    if (!token) throw new ApiError(SESSION_EXPIRED_MESSAGE, 401);
    return token;
  }, [getIdToken]);
}
