/** The one-click unsubscribe of a reminder mail's link (POST /api/notifications/unsubscribe; no sign-in needed). */
import type { UnsubscribeResponse } from '../../../../contracts/notifications';
import { apiRequest } from '../../../lib/api-client';

// One request per token, even when React mounts the page twice (StrictMode) or it re-renders.
const attempts = new Map<string, Promise<UnsubscribeResponse>>();

/**
 * Turns off the mails the token names; resolves with which kind ('deadline' | 'results'). A failed
 * attempt is forgotten, so trying again sends again.
 * @throws ApiError invalid_unsubscribe_token (bad, altered or expired token), or a network failure (status 0).
 */
export function unsubscribeByToken(token: string): Promise<UnsubscribeResponse> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = apiRequest<UnsubscribeResponse>('/notifications/unsubscribe', { method: 'POST', body: { token } });
    attempts.set(token, attempt);
    attempt.catch(() => attempts.delete(token));
  }
  return attempt;
}
