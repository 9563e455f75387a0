import type { EventBus, HealthSpec } from '@pt/platform';
import type { ServiceName } from '../routes';

/** One service's readiness as the gateway sees it; under the monitor's 2 s check timeout. */
const SERVICE_PROBE_TIMEOUT_MS = 1_500;

/**
 * The distributed gateway's dependencies. It is ready when it can route: its
 * configuration was valid at boot and its limiter falls back to per-process counts without Redis,
 * so nothing it reaches is critical. A service that is not ready answers its own routes with an
 * error (503 from the proxy when it cannot be reached) while every other route keeps working — so
 * the services, and the bus (maintenance switch, SSE, request logs), are only observed: each shows
 * in /healthz and `dependency_up`, none takes the gateway out of its Service.
 */
export function gatewayHealth(urls: Record<ServiceName, string>, bus: Pick<EventBus, 'ping'>): HealthSpec {
  const services = Object.fromEntries(
    Object.entries(urls).map(([name, url]) => [
      name,
      async () => {
        const res = await fetch(new URL('/readyz', url), {
          signal: AbortSignal.timeout(SERVICE_PROBE_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`readyz answered ${res.status}`);
      },
    ]),
  );
  return { critical: {}, observed: { ...services, eventBus: () => bus.ping() } };
}
