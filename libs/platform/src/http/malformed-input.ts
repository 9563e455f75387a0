import type { RequestHandler } from 'express';
import { AppError } from './errors';

/**
 * How deep a request's JSON (or a query key's `a[b][c]` brackets) may nest. Our contracts nest at
 * most 4 levels (an import's wishlists → items → fields) and free-form fields (monitoring details,
 * user metadata) a few more; 64 leaves room for any honest client while every consumer that
 * recurses (JSON.stringify into jsonb, pino, zod) stays thousands of frames from its stack limit.
 */
export const MAX_INPUT_DEPTH = 64;

/** What makes text unfit for Postgres (`text` and `jsonb` refuse U+0000 and lone surrogates) or for a recursive serializer. */
export type MalformedInputKind = 'nul' | 'lone_surrogate' | 'too_deep';

export type InputPart = 'request body' | 'query string';

// A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code
// units, no `u` flag on purpose).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored or echoed as it is, or undefined when it can. */
export function textProblem(text: string): 'nul' | 'lone_surrogate' | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return undefined;
}

const OPEN_SQUARE = 0x5b;
const OPEN_CURLY = 0x7b;
const CLOSE_SQUARE = 0x5d;
const CLOSE_CURLY = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text (UTF-8 bytes) nests deeper than `max`, read byte by byte before anything
 * parses it: a 1 MB body of `[` is refused after 65 bytes instead of being built into a million
 * nested arrays. Brackets inside strings do not count. In UTF-8 every byte of a multi-byte
 * character is ≥ 0x80, so the ASCII punctuation tested here is never part of one.
 */
export function jsonNestsDeeperThan(bytes: Uint8Array, max = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_SQUARE || byte === OPEN_CURLY) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_SQUARE || byte === CLOSE_CURLY) depth--;
  }
  return false;
}

/**
 * The first problem in a parsed value — a NUL or lone surrogate in any key or string, or nesting
 * deeper than `max` — found with an explicit stack, so the check itself never recurses.
 */
export function valueProblem(value: unknown, max = MAX_INPUT_DEPTH): MalformedInputKind | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return problem;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return 'too_deep';
    if (Array.isArray(current)) {
      for (const element of current) stack.push([element, depth + 1]);
      continue;
    }
    for (const [key, element] of Object.entries(current)) {
      const problem = textProblem(key);
      if (problem) return problem;
      stack.push([element, depth + 1]);
    }
  }
  return undefined;
}

/**
 * A parsed query string's problem. Express's simple parser keeps `a[b][c]=1` as one flat key, but
 * such a key is a nested value to the clients that write it (and to any parser that reads it as
 * one), so its brackets count as nesting too.
 */
export function queryProblem(query: unknown, max = MAX_INPUT_DEPTH): MalformedInputKind | undefined {
  if (query && typeof query === 'object')
    for (const key of Object.keys(query)) if (key.split('[').length - 1 > max) return 'too_deep';
  return valueProblem(query, max);
}

const MESSAGES: Record<MalformedInputKind, string> = {
  nul: 'must not contain NUL characters',
  lone_surrogate: 'must be well-formed Unicode (no lone surrogates)',
  too_deep: `must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
};

/** The one client error for malformed input, wherever it was found. */
export function malformedInputError(kind: MalformedInputKind, part: InputPart): AppError {
  const what = part.charAt(0).toUpperCase() + part.slice(1);
  return new AppError(400, 'invalid_input', `${what} ${MESSAGES[kind]}`);
}

/**
 * The first problem of a request's query string and body, as the error to answer. Path parameters
 * are left to each route: they are ids whose checks answer more precisely (`invalid_product_id`).
 */
export function malformedRequestError(req: { query?: unknown; body?: unknown }): AppError | undefined {
  const query = queryProblem(req.query);
  if (query) return malformedInputError(query, 'query string');
  const body = valueProblem(req.body);
  if (body) return malformedInputError(body, 'request body');
  return undefined;
}

/**
 * The query-string half of the rule as express middleware, for routes that are not Nest's (the
 * gateway's own): the error goes to the app's error handler.
 */
export const rejectMalformedQuery: RequestHandler = (req, _res, next) => {
  const problem = queryProblem(req.query);
  next(problem ? malformedInputError(problem, 'query string') : undefined);
};
