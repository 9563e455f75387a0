/**
 * Error codes of the auth API: Supabase Auth's (GoTrue's) `error_code` values, which
 * `@supabase/auth-js` turns into typed errors and the web app maps to the spec's messages (§8).
 * Persisted in clients — never rename.
 */
export type AuthErrorCode =
  | 'bad_json'
  | 'bad_jwt'
  | 'bad_oauth_callback'
  | 'bad_oauth_state'
  | 'bad_request'
  | 'email_not_confirmed'
  | 'invalid_credentials'
  | 'no_authorization'
  | 'not_found'
  | 'otp_expired'
  | 'over_email_send_rate_limit'
  | 'over_request_rate_limit'
  /** The platform's body errors (no GoTrue equivalent): 413 and 415. */
  | 'payload_too_large'
  | 'provider_disabled'
  /** A password change without proof (the current password or a recent sign-in). */
  | 'reauthentication_needed'
  /** The current password given as proof was wrong. */
  | 'reauthentication_not_valid'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'session_not_found'
  | 'unexpected_failure'
  | 'unsupported_media_type'
  | 'user_already_exists'
  | 'user_not_found'
  | 'validation_failed'
  | 'weak_password';

export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

/** An expected failure of an auth request: HTTP status, GoTrue error code, a message for people. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    /** Extra top-level fields of the body, e.g. `weak_password: { reasons }`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }

  static validation(message: string): AuthError {
    return new AuthError(400, 'validation_failed', message);
  }

  static invalidCredentials(): AuthError {
    return new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  }

  static emailNotConfirmed(): AuthError {
    return new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  }

  static userAlreadyExists(): AuthError {
    return new AuthError(422, 'user_already_exists', 'User already registered');
  }

  static weakPassword(reasons: WeakPasswordReason[], message: string): AuthError {
    return new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
  }

  static requestRateLimit(retryAfterMs: number): AuthError {
    return new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {
      retry_after: Math.ceil(retryAfterMs / 1000),
    });
  }

  /** The wording keeps GoTrue's "… after N seconds" and says "rate limit" (spec §8 matches on both). */
  static emailRateLimit(retryAfterMs: number): AuthError {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new AuthError(
      429,
      'over_email_send_rate_limit',
      `Email rate limit exceeded: for security purposes, you can only request this after ${seconds} seconds.`,
      { retry_after: seconds },
    );
  }

  static badJwt(message = 'invalid JWT: unable to parse or verify signature'): AuthError {
    return new AuthError(401, 'bad_jwt', message);
  }

  static noAuthorization(): AuthError {
    return new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  }

  static sessionNotFound(): AuthError {
    return new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }

  static refreshTokenNotFound(): AuthError {
    return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }

  static refreshTokenAlreadyUsed(): AuthError {
    return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }

  static otpExpired(): AuthError {
    return new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
  }

  /** GoTrue's answer (400) to a password change that needs a fresh proof of identity. */
  static reauthenticationNeeded(): AuthError {
    return new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  }

  static reauthenticationNotValid(): AuthError {
    return new AuthError(400, 'reauthentication_not_valid', 'Current password is incorrect');
  }

  static userNotFound(): AuthError {
    return new AuthError(404, 'user_not_found', 'User not found');
  }
}
