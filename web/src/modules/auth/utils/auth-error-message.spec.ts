import { AUTH_MESSAGES } from '@pt/domain';
import {
  AUTH_SERVER_FAILURE_MESSAGE,
  AUTH_UNAVAILABLE_MESSAGE,
  authFailureMessage,
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeFailure,
  type PasswordChangeFailure,
  type AuthFailure,
  type AuthFlow,
} from './auth-error-message';

describe(authFailureMessage.name, () => {
  it.each<[string, AuthFlow, AuthFailure, number | undefined, string]>([
    [
      'no answer ("Failed to fetch")',
      'sign-in',
      { message: 'Failed to fetch', status: 0 },
      undefined,
      AUTH_UNAVAILABLE_MESSAGE,
    ],
    ['no status at all', 'register', { message: 'Load failed' }, undefined, AUTH_UNAVAILABLE_MESSAGE],
    ['§8 502 is retryable', 'sign-in', { message: '{}', status: 502 }, undefined, AUTH_UNAVAILABLE_MESSAGE],
    ['§8 504 is retryable', 'recover', { message: '{}', status: 504 }, undefined, AUTH_UNAVAILABLE_MESSAGE],
    [
      '500 is not retryable',
      'sign-in',
      { message: '{}', status: 500 },
      undefined,
      AUTH_SERVER_FAILURE_MESSAGE,
    ],
    [
      '429 with Retry-After says when',
      'sign-in',
      { message: 'Too many requests', status: 429 },
      30,
      `${AUTH_MESSAGES.resendRateLimitedError} Try again in 30 seconds.`,
    ],
    [
      '429 without Retry-After',
      'recover',
      { message: 'Request rate limit reached', status: 429 },
      undefined,
      AUTH_MESSAGES.resendRateLimitedError,
    ],
    [
      '§8 registration rate limit, one second',
      'register',
      { message: 'Too many requests', status: 429 },
      1,
      `${AUTH_MESSAGES.registrationRateLimited} Try again in 1 second.`,
    ],
    [
      '§8 unconfirmed email on sign-in',
      'sign-in',
      { message: 'Email not confirmed', status: 400 },
      undefined,
      AUTH_MESSAGES.emailNotConfirmed,
    ],
    [
      '§8 other sign-in errors show the server message',
      'sign-in',
      { message: 'Invalid login credentials', status: 400 },
      undefined,
      'Invalid login credentials',
    ],
    [
      '§8 already registered',
      'register',
      { message: 'User already registered', status: 422 },
      undefined,
      AUTH_MESSAGES.registrationAlreadyExists,
    ],
  ])('%s', (_row, flow, failure, retryAfter, expected) =>
    expect(authFailureMessage(flow, failure, retryAfter)).toBe(expected),
  );
});

/** What a refused password change tells the person, and where. */
describe(passwordChangeFailure.name, () => {
  it.each<[string, AuthFailure, boolean, PasswordChangeFailure]>([
    [
      'no proof, on the account page: asks for the current password',
      { message: 'Password update requires reauthentication', status: 400, code: 'reauthentication_needed' },
      true,
      { currentPassword: PASSWORD_CHANGE_MESSAGES.currentPasswordNeeded },
    ],
    [
      'a wrong current password: said under that field',
      { message: 'Current password is incorrect', status: 400, code: 'reauthentication_not_valid' },
      true,
      { currentPassword: PASSWORD_CHANGE_MESSAGES.currentPasswordWrong },
    ],
    [
      'no proof on the recovery form (its session ran out): a new link',
      { message: 'Password update requires reauthentication', status: 400, code: 'reauthentication_needed' },
      false,
      { form: PASSWORD_CHANGE_MESSAGES.recoveryExpired },
    ],
    [
      'a 429 says to wait, not "Request rate limit reached"',
      { message: 'Request rate limit reached', status: 429, code: 'over_request_rate_limit' },
      true,
      { form: `${AUTH_MESSAGES.resendRateLimitedError} Try again in 3 seconds.` },
    ],
    [
      'a weak password keeps the server message',
      { message: 'Password is known to be weak', status: 422, code: 'weak_password' },
      true,
      { form: 'Password is known to be weak' },
    ],
  ])('%s', (_row, failure, asks, expected) =>
    expect(passwordChangeFailure(failure, asks, failure.status === 429 ? 3 : undefined)).toEqual(expected),
  );
});
