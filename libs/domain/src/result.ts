/**
 * Expected failures (a validation message, a refused transition) are values, not exceptions, so
 * callers must handle them and can show the message as it is.
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });
