import { isValidEmail, NAME_MIN_LENGTH } from '@pt/domain';
import { AuthError } from '../http/auth-error';

/** RFC 5321's limit on an address. */
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 200;
/** user_metadata is the client's to write; a cap keeps tokens (which carry it) small. */
const METADATA_MAX_BYTES = 4096;

/** Emails are stored and compared trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function assertValidEmail(email: string): void {
  if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email))
    throw AuthError.validation('Unable to validate email address: invalid format');
}

/**
 * user_metadata from a client (`data` of signup and PUT /user). The name, when given, follows the
 * registration form's rule (§5: at least 2 characters, trimmed).
 */
export function validateUserMetadata(data: Record<string, unknown>): Record<string, unknown> {
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
