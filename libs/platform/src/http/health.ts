import { Router } from 'express';
import { DependencyMonitor, type HealthSpec } from './dependency-monitor';

/** The paths healthRouter answers (as express matches them: any case, optional final slash). */
export const PROBE_PATHS = /^\/(livez|readyz|healthz)\/?$/i;

/**
 * The three probes, each answering one question:
 * - `/livez`: is the process alive? It answers while the event loop does, and depends on nothing,
 *   so a dependency's outage never restarts a pod.
 * - `/readyz`: can this process serve its own requests now? Only its critical dependencies count,
 *   and only once one has failed for the monitor's grace (READINESS_GRACE_MS); 503 otherwise.
 * - `/healthz`: how is every dependency doing? Always 200 while the process answers (older probes
 *   pointed at it keep meaning "alive"); the body says which dependency is down since when. The
 *   reason of an outage is logged, not shown, as the gateway's probes are public.
 */
export function healthRouter(service: string, health: DependencyMonitor | HealthSpec = {}): Router {
  const monitor = health instanceof DependencyMonitor ? health : new DependencyMonitor(service, health);
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready, checks } = await monitor.readiness();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', service, checks });
  });
  router.get('/healthz', async (_req, res) => {
    const { ready, dependencies } = await monitor.health();
    const allUp = Object.values(dependencies).every((d) => d.status === 'up');
    res.json({ status: !ready ? 'not_ready' : allUp ? 'ok' : 'degraded', service, ready, dependencies });
  });
  return router;
}
