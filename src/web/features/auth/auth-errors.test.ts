import { describe, expect, it } from 'vitest';
import { resendError, signInError, signUpError } from './auth-errors';

describe('auth failures as the specification words them', () => {
  it('sign-in', () => {
    expect(signInError({ status: 403, code: 'EMAIL_NOT_VERIFIED' })).toEqual({ key: 'auth.messages.emailNotConfirmed', requiresVerification: true, isRateLimited: false });
    expect(signInError({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' }).key).toBe('auth.messages.invalidCredentials');
    expect(signInError({ status: 429 })).toEqual({ key: 'auth.messages.tooManyLogins', requiresVerification: false, isRateLimited: true });
    expect(signInError({ status: 500 }).key).toBe('auth.messages.signInFailed');
    expect(signInError({ status: 0 }).key).toBe('auth.messages.signInFailed');
  });

  it('sign-up', () => {
    expect(signUpError({ status: 400, code: 'USERNAME_TAKEN' })).toEqual({ field: 'username', key: 'auth.codes.USERNAME_TAKEN' });
    expect(signUpError({ status: 400, code: 'PHONE_INVALID' }).field).toBe('phone');
    expect(signUpError({ status: 429 })).toEqual({ key: 'auth.messages.tooManyAttempts' });
    expect(signUpError({ status: 500 })).toEqual({ key: 'auth.messages.signUpFailed' });
  });

  it('resend', () => {
    expect(resendError({ status: 400, code: 'EMAIL_ALREADY_VERIFIED' })).toBe('auth.messages.alreadyVerified');
    expect(resendError({ status: 429, code: 'VERIFICATION_EMAIL_RATE_LIMITED' })).toBe('auth.messages.resendRateLimited');
    expect(resendError({ status: 429 })).toBe('auth.messages.resendRateLimited');
    expect(resendError({ status: 0 })).toBe('auth.messages.resendFailed');
  });
});
