/**
 * Masks what looks like a credential inside free text: messages browsers report, mails shown to an
 * admin. Mailed confirmation and recovery links (`?token=…&type=…`), unsubscribe links, session
 * tokens and API keys would let whoever reads the text act as the person they were sent to.
 */
export const REDACTED = '[redacted]';

const RULES: [RegExp, string][] = [
  // JWTs (access tokens): base64url parts, the first a JSON header, joined by dots — also when the
  // text was wrapped or pasted with spaces around or instead of the dots.
  [/\beyJ[\w-]{4,}(?:\s*\.\s*[\w-]+|\s+[\w-]{16,}){0,2}(?:\s*\.)?/g, REDACTED],
  // "Bearer <token>" in a copied header or message.
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // A password written out in words: "password: hunter2", "my password is hunter2", "pwd=…" (a
  // mention without a value, "Forgot your password?", stays).
  [
    /\b(passw(?:or)?d|passwort|passcode|pwd)(\s*[:=]\s*|\s+(?:is|was)\s+)(?!\[redacted\])[^\s,;]+/gi,
    `$1$2${REDACTED}`,
  ],
  // Query or fragment parameters that carry a credential: mailed links, OAuth codes, signed URLs.
  [
    /([?&#](?:[\w-]*token[\w-]*|code|key|api[-_]?key|secret|password|signature|sig)=)[^&#\s"'<>]*/gi,
    `$1${REDACTED}`,
  ],
  // Long runs of letters and digits (opaque refresh tokens, keys), 32+ characters; UUIDs (ids of
  // rows in API paths) stay readable.
  [
    /\b(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{32,}/gi,
    REDACTED,
  ],
];

export function redactSecretText(value: string): string {
  return RULES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), value);
}
