/**
 * What the monitoring intake removes before a report is stored (issue 14 item 11). Reports come
 * from browsers, whose pages carry session tokens, mailed confirmation/recovery links
 * (`?token=…&type=…`) and API keys; the admin area must never show one. Fields whose name says
 * secret are dropped; strings that look like a token are masked wherever they appear.
 */
export const REDACTED = '[redacted]';

const SECRET_FIELD =
  /token|secret|passw(or)?d|authori[sz]ation|cookie|session|api[-_]?key|jwt|bearer|credential|signature/i;

const STRING_RULES: [RegExp, string][] = [
  // JWTs (access tokens): three base64url parts, the first a JSON header.
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, REDACTED],
  // "Bearer <token>" in a copied header or message.
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // Query or fragment parameters that carry a credential: mailed links, OAuth codes, signed URLs.
  [
    /([?&#](?:[\w-]*token[\w-]*|code|key|api[-_]?key|secret|password|signature|sig)=)[^&#\s"']*/gi,
    `$1${REDACTED}`,
  ],
  // Long runs of letters and digits (opaque refresh tokens, keys), 32+ characters; UUIDs (ids of
  // rows in API paths) stay readable.
  [
    /\b(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{32,}/gi,
    REDACTED,
  ],
];

const MAX_DEPTH = 6;

export function redactString(value: string): string {
  return STRING_RULES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), value);
}

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
