import type { FetchFn } from '../src/http';

export type FakeReply =
  { status: number; body?: unknown; headers?: Record<string, string> } | Error | (() => Promise<never>);

/** A scripted fetch: replies in order (the last one repeats), recording every call. */
export function scriptedFetch(...replies: FakeReply[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn: FetchFn = async (input, init = {}) => {
    const reply = replies[Math.min(calls.length, replies.length - 1)] as FakeReply;
    calls.push({ url: String(input), init });
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply();
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    return new Response(body, { status: reply.status, headers: reply.headers });
  };
  return { fetch: fn, calls };
}

export function timeoutError(): Error {
  // What AbortSignal.timeout() rejects with (a DOMException named TimeoutError).
  return Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
}
