import { Router } from 'express';

/** A readiness probe per dependency: resolves when reachable, throws otherwise. */
export type HealthChecks = Record<string, () => Promise<unknown>>;

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runHealthChecks(checks: HealthChecks, timeoutMs = 2000) {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), timeoutMs);
        return [name, { status: 'ok' }] as const;
      } catch (error) {
        return [
          name,
          { status: 'down', error: error instanceof Error ? error.message : String(error) },
        ] as const;
      }
    }),
  );
  const results = Object.fromEntries(entries);
  const ready = entries.every(([, result]) => result.status === 'ok');
  return { ready, checks: results };
}

/** `/healthz`: the process is alive. `/readyz`: every dependency answers (503 otherwise). */
export function healthRouter(service: string, checks: HealthChecks): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready, checks: results } = await runHealthChecks(checks);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', service, checks: results });
  });
  return router;
}
