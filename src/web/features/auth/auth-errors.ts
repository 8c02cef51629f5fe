/**
 * Better Auth's failures as the specification's messages (section 8). Each function takes the error a
 * Better Auth client call returned (`{status, code}`; status 0 for a network failure) and gives the
 * translation key of the message, with the specification's flags where it has them.
 */

/** A failed Better Auth client call. */
export interface AuthFailure {
  status?: number;
  code?: string;
}

/** Sign-in: unconfirmed (requiresVerification), wrong or unknown (one message), 429 (isRateLimited), else the fallback. */
export function signInError(error: AuthFailure): { key: string; requiresVerification: boolean; isRateLimited: boolean } {
  if (error.status === 429) return { key: 'auth.messages.tooManyLogins', requiresVerification: false, isRateLimited: true };
  if (error.code === 'EMAIL_NOT_VERIFIED') return { key: 'auth.messages.emailNotConfirmed', requiresVerification: true, isRateLimited: false };
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401) return { key: 'auth.messages.invalidCredentials', requiresVerification: false, isRateLimited: false };
  return { key: 'auth.messages.signInFailed', requiresVerification: false, isRateLimited: false };
}

/** Fields of the sign-up form a server code belongs to. */
const SIGN_UP_FIELDS: Record<string, 'username' | 'name' | 'phone' | 'password' | 'email'> = {
  USERNAME_TAKEN: 'username',
  USERNAME_INVALID: 'username',
  NAME_INVALID: 'name',
  PHONE_INVALID: 'phone',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_EMAIL: 'email',
};

/** Sign-up: a field's own message (taken username…), 429, or 'Sign up failed'. */
export function signUpError(error: AuthFailure): { field?: 'username' | 'name' | 'phone' | 'password' | 'email'; key: string } {
  const field = error.code ? SIGN_UP_FIELDS[error.code] : undefined;
  if (field) return { field, key: `auth.codes.${error.code}` };
  if (error.status === 429) return { key: 'auth.messages.tooManyAttempts' };
  return { key: 'auth.messages.signUpFailed' };
}

/** Resending the verification mail: already verified, the per-address limit, or the fallback. */
export function resendError(error: AuthFailure): string {
  if (error.code === 'EMAIL_ALREADY_VERIFIED') return 'auth.messages.alreadyVerified';
  if (error.status === 429) return 'auth.messages.resendRateLimited';
  return 'auth.messages.resendFailed';
}
