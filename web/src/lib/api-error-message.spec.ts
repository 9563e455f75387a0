import { ApiError, apiFetch } from './api';
import { API_ERROR_MESSAGES, apiErrorMessage, isTemporaryApiFailure, whenToRetry } from './api-error-message';

const TOO_MANY = 'Too many requests. Please wait before trying again.';
const UNAVAILABLE = 'The service is unavailable right now.';

describe('apiErrorMessage (spec §8 messages, Retry-After as when to retry)', () => {
  it.each<[string, unknown, string]>([
    [
      'a 429 says §8 text and when to retry',
      new ApiError(429, 'rate_limited', 'x', 30),
      `${TOO_MANY} Try again in 30 seconds.`,
    ],
    [
      'a 429 without Retry-After still says §8 text',
      new ApiError(429, 'rate_limited', 'x'),
      `${TOO_MANY} Please try again in a moment.`,
    ],
    [
      'a long wait is said in minutes',
      new ApiError(429, 'rate_limited', 'x', 90),
      `${TOO_MANY} Try again in 2 minutes.`,
    ],
    [
      'no answer at all (fetch TypeError) is not "Failed to fetch"',
      new TypeError('Failed to fetch'),
      `${UNAVAILABLE} Please try again in a moment.`,
    ],
    [
      'a 503 with Retry-After is an outage with its wait',
      new ApiError(503, 'service_unavailable', 'x', 5),
      `${UNAVAILABLE} Try again in 5 seconds.`,
    ],
    [
      'a 502 is an outage (§8 retryable)',
      new ApiError(502, 'http_error', 'Request failed with status 502'),
      `${UNAVAILABLE} Please try again in a moment.`,
    ],
    [
      'maintenance keeps the server words',
      new ApiError(503, 'maintenance', 'Down for maintenance.', 60),
      'Down for maintenance.',
    ],
    [
      'another 4xx shows the server message',
      new ApiError(404, 'not_found', 'Product not found'),
      'Product not found',
    ],
    [
      'a 4xx not in our shape is not a bare status',
      new ApiError(404, 'http_error', 'Request failed with status 404'),
      API_ERROR_MESSAGES.failed,
    ],
    ['a 500 is the generic failure', new ApiError(500, 'internal', 'boom'), API_ERROR_MESSAGES.failed],
  ])('%s', (_case, error, expected) => {
    expect(apiErrorMessage(error)).toBe(expected);
  });

  it("a screen's own §8 message replaces the generic one, never the outage advice", () => {
    const own = 'Failed to load wishlist data';
    expect(apiErrorMessage(new ApiError(500, 'internal', 'boom'), own)).toBe(own);
    expect(apiErrorMessage(new Error('parse'), own)).toBe(own);
    expect(apiErrorMessage(new TypeError('Failed to fetch'), own)).toContain(UNAVAILABLE);
  });

  it.each<[number, string]>([
    [1, 'Try again in 1 second.'],
    [0, 'Try again in 1 second.'],
    [59, 'Try again in 59 seconds.'],
    [60, 'Try again in 1 minute.'],
    [61, 'Try again in 2 minutes.'],
  ])('whenToRetry(%d) is %s', (seconds, expected) => {
    expect(whenToRetry(seconds)).toBe(expected);
  });

  it('knows which failures are temporary', () => {
    expect(isTemporaryApiFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTemporaryApiFailure(new ApiError(429, 'rate_limited', 'x'))).toBe(true);
    expect(isTemporaryApiFailure(new ApiError(504, 'x', 'x'))).toBe(true);
    expect(isTemporaryApiFailure(new ApiError(500, 'x', 'x'))).toBe(false);
    expect(isTemporaryApiFailure(new ApiError(409, 'x', 'x'))).toBe(false);
  });
});

describe('apiFetch reads Retry-After into the error', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  const answering = (response: Response) => {
    globalThis.fetch = () => Promise.resolve(response);
  };
  const errorBody = JSON.stringify({ error: { code: 'rate_limited', message: TOO_MANY } });

  it('as seconds, from delay-seconds', async () => {
    answering(new Response(errorBody, { status: 429, headers: { 'Retry-After': '30' } }));
    const error: unknown = await apiFetch('/api/v1/search').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterS).toBe(30);
    expect(apiErrorMessage(error)).toBe(`${TOO_MANY} Try again in 30 seconds.`);
  });

  it('as seconds from now, from an HTTP date', async () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    answering(new Response(errorBody, { status: 429, headers: { 'Retry-After': at } }));
    const error = (await apiFetch('/api/v1/search').catch((e: unknown) => e)) as ApiError;
    // An HTTP date has whole seconds: the wait is just under two minutes.
    expect(error.retryAfterS).toBeGreaterThan(110);
    expect(error.retryAfterS).toBeLessThanOrEqual(120);
  });

  it('undefined without the header', async () => {
    answering(new Response(errorBody, { status: 429 }));
    const error = (await apiFetch('/api/v1/search').catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfterS).toBeUndefined();
  });
});
