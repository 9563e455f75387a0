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

/**
 * One request of /api/v1 (or /auth/v1). Its answer is `unknown` on purpose: a screen reads an
 * answer through `apiRead`, which types and checks it by the route's contract; this is for calls
 * whose answer nobody reads (a 204 DELETE).
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<unknown> {
  const headers = new Headers(init.headers);
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (init.body !== undefined && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  const hadToken = accessToken !== null;
  const res = await fetch(path, { ...init, headers });
  if (res.ok) return res.status === 204 ? undefined : await res.json();
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

type Answers = typeof import('./api-answers').ANSWERS;
/** A route the app reads an answer from, `METHOD template` as in `API_ROUTES` (lib/api-answers). */
export type AnswerRoute = keyof Answers;
/** The answer of `route`, the type of its contract's response schema. */
export type AnswerOf<R extends AnswerRoute> = Answers[R] extends { parse(value: unknown): infer T }
  ? T
  : never;

/**
 * The one reader of an answer: requests `path` (an address of `route`, with the route's method) and
 * checks the answer against the route's contract schema, which loads (with zod) in parallel with
 * the first request. The result is typed by the contract; an answer of another shape is an error
 * that names the first field that differs, not a screen of blanks or zeros.
 */
export async function apiRead<R extends AnswerRoute>(
  route: R,
  path: string,
  init: Omit<RequestInit, 'method'> = {},
): Promise<AnswerOf<R>> {
  const [answer, { checkAnswer }] = await Promise.all([
    apiFetch(path, { ...init, method: route.slice(0, route.indexOf(' ')) }),
    import('./api-answers'),
  ]);
  return checkAnswer(route, path, answer) as AnswerOf<R>;
}
