import type { z } from 'zod';
import { internalCallHeaders } from './service-identity';

/**
 * One JSON read of another service within a deadline, as `caller`, checked against the contract's
 * schema. Throws on anything but a 2xx body the schema accepts: decoration reads (badges, charts)
 * catch it and go on without, so a slow or changed peer never breaks the caller's answer.
 */
export async function readFromService<S extends z.ZodType>(
  url: string,
  schema: S,
  options: { caller: string; deadlineMs: number; init?: RequestInit },
): Promise<z.infer<S>> {
  const init = options.init ?? {};
  const response = await fetch(url, {
    ...init,
    signal: AbortSignal.timeout(options.deadlineMs),
    headers: { ...init.headers, accept: 'application/json', ...internalCallHeaders(options.caller) },
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  }
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${new URL(url).pathname} answered an unexpected body`);
  return parsed.data;
}
