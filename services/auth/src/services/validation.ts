import { EMAIL_MAX_LENGTH, isValidEmail, NAME_MIN_LENGTH } from '@pt/domain';
import { AuthError } from '../http/auth-error';

const NAME_MAX_LENGTH = 200;
/** user_metadata is the client's to write; a cap keeps tokens (which carry it) small. */
const METADATA_MAX_BYTES = 4096;
/** Nesting deeper than this is not user metadata (and would only cost stack). */
const METADATA_MAX_DEPTH = 16;

/** Emails are stored and compared trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The domain's email rule (`isValidEmail`, shared with the contracts and the web forms: ASCII,
 * at most 254 characters), at every entry point that takes an address — signup, the password
 * grant, resend, verify and PUT /user — so a NUL byte or a Unicode address is a validation_failed,
 * never a database or event-schema error.
 */
export function assertValidEmail(email: string): void {
  if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email))
    throw AuthError.validation('Unable to validate email address: invalid format');
}

/** Trims, lower-cases and validates an address from a client. */
export function validEmail(raw: string): string {
  const email = normaliseEmail(raw);
  assertValidEmail(email);
  return email;
}

/** A UTF-16 surrogate without its pair (not representable in UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What Postgres cannot store in text or jsonb: NUL, and UTF-16 surrogates without their pair. */
function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** Every key and string of a JSON value is storable (depth-limited). */
function assertStorable(value: unknown, depth = 0): void {
  if (depth > METADATA_MAX_DEPTH)
    throw AuthError.validation(`User data cannot be nested deeper than ${METADATA_MAX_DEPTH} levels`);
  if (typeof value === 'string') {
    if (!isStorable(value))
      throw AuthError.validation('User data cannot contain NUL characters or unpaired surrogates');
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) assertStorable(item, depth + 1);
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      assertStorable(key, depth + 1);
      assertStorable(item, depth + 1);
    }
  }
}

/**
 * user_metadata from a client (`data` of signup and PUT /user). The name, when given, follows the
 * registration form's rule (§5: at least 2 characters, trimmed).
 */
export function validateUserMetadata(data: Record<string, unknown>): Record<string, unknown> {
  assertStorable(data);
  if (JSON.stringify(data).length > METADATA_MAX_BYTES)
    throw AuthError.validation(`User data cannot be larger than ${METADATA_MAX_BYTES} bytes`);
  if (!('name' in data) || data.name === null) return data;
  if (typeof data.name !== 'string') throw AuthError.validation('name must be a string');
  const name = data.name.trim();
  if (name.length < NAME_MIN_LENGTH)
    throw AuthError.validation(`Name must be at least ${NAME_MIN_LENGTH} characters`);
  if (name.length > NAME_MAX_LENGTH)
    throw AuthError.validation(`Name cannot be longer than ${NAME_MAX_LENGTH} characters`);
  return { ...data, name };
}

export function validateSignupFields(email: string, data: Record<string, unknown>): Record<string, unknown> {
  assertValidEmail(email);
  return validateUserMetadata(data);
}
