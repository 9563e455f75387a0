import { parseRetryAfterMs } from '@pt/domain';

/**
 * The one fetch helper for /api/v1: the bearer token of the current session, our error shape
 * `{ error: { code, message } }`, and two reactions the whole app shares: a 401 on a request that
 * carried a token means the session was revoked (sign the user out with a message), and a 503
 * `maintenance` means the settings changed (reload them).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before retrying, from Retry-After (every 429 and 503 of ours carries one). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The code of an answer that is not in our error shape (its message is only the status). */
export const GENERIC_ERROR_CODE = 'http_error';

let accessToken: string | null = null;
export function setAccessToken(token: string | null): void {
  accessToken = token;
}
/** The current session's access token, for requests that bypass apiFetch (monitoring reports). */
export function currentAccessToken(): string | null {
  return accessToken;
}

export interface ApiEvent {
  kind: 'unauthorized' | 'maintenance' | 'failed';
  path: string;
  status: number;
}
type Listener = (event: ApiEvent) => void;
const listeners = new Set<Listener>();
export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Anything that fetches like `apiFetch`: a feature's API takes one, so tests can hand in their own. */
export type Fetcher = <T>(path: string, init?: RequestInit) => Promise<T>;

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (init.body !== undefined && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  const hadToken = accessToken !== null;
  const res = await fetch(path, { ...init, headers });
  if (res.ok) {
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }
  let code: string = GENERIC_ERROR_CODE;
  let message = `Request failed with status ${res.status}`;
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string } };
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) message = body.error.message;
  } catch {
    // not our JSON shape: keep the generic message
  }
  const kind =
    res.status === 401 && hadToken ? 'unauthorized' : code === 'maintenance' ? 'maintenance' : 'failed';
  for (const listener of listeners) listener({ kind, path, status: res.status });
  throw new ApiError(res.status, code, message, retryAfterSecondsOf(res));
}

/** Whole seconds an answer's Retry-After asks to wait, or undefined when it says nothing usable. */
export function retryAfterSecondsOf(res: Pick<Response, 'headers'>): number | undefined {
  const waitMs = parseRetryAfterMs(res.headers.get('Retry-After'), Date.now());
  return waitMs === undefined ? undefined : Math.ceil(waitMs / 1000);
}

/** What `apiFetchChecked` needs of a contract's zod schema (structural, so this file imports no zod). */
export interface AnswerSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/**
 * apiFetch, then the answer checked against the route's contract schema: an answer of another shape
 * is an error that names the first field that differs, not a screen of blanks or zeros. For screens
 * whose chunk may carry zod (the schema's code comes with it).
 */
export async function apiFetchChecked<T>(
  path: string,
  schema: AnswerSchema<T>,
  what: string,
  init?: RequestInit,
): Promise<T> {
  return checkAnswer(await apiFetch<unknown>(path, init), schema, what);
}

/** An answer checked against its contract schema (apiFetchChecked's check, for a schema loaded later). */
export function checkAnswer<T>(answer: unknown, schema: AnswerSchema<T>, what: string): T {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(
    `The ${what} could not be read (${issue?.path.map(String).join('.') || 'answer'}: ${issue?.message ?? 'unexpected shape'}).`,
  );
}
