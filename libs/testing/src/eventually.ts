/**
 * Polls `check` until it returns a value other than undefined or false, and resolves with it.
 * Integration tests wait on conditions this way — events cross an outbox, a bus and a consumer —
 * never on fixed sleeps. The generous default only bounds a failing test; a passing one returns as
 * soon as the condition holds.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  {
    timeoutMs = 15_000,
    everyMs = 25,
    what = 'condition',
  }: { timeoutMs?: number; everyMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
