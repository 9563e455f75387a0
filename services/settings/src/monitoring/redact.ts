import { redactSecretText } from '@pt/platform';

export { REDACTED } from '@pt/platform';

/**
 * What the monitoring intake removes before a report is stored. Reports come
 * from browsers, whose pages carry session tokens, mailed confirmation/recovery links
 * (`?token=…&type=…`) and API keys; the admin area must never show one. Fields whose name says
 * secret are dropped; strings that look like a token are masked wherever they appear.
 */
const SECRET_FIELD =
  /token|secret|passw(or)?d|authori[sz]ation|cookie|session|api[-_]?key|jwt|bearer|credential|signature/i;

const MAX_DEPTH = 6;

/** Token-like strings masked wherever they appear (libs/platform's rules, shared with the outbox viewer). */
export const redactString = redactSecretText;

/** A copy of a JSON value with secret-named fields removed and token-like strings masked. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[truncated]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_FIELD.test(key)) continue;
    out[redactString(key)] = redactValue(item, depth + 1);
  }
  return out;
}

export function redactRecord(value: Record<string, unknown> | undefined): Record<string, unknown> {
  return redactValue(value ?? {}) as Record<string, unknown>;
}
