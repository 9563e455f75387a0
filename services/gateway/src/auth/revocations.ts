import { createEventBus, followSessionRevocations, type Logger, type Subscription } from '@pt/platform';
import type { GatewayAuthEnv } from './auth-env';

/**
 * The gateway process of the distributed mode follows `auth.session-revoked` on the services' bus
 * (issue 10 item 5). In the embedded host the services feed the same in-process set already.
 */
export async function followRevocationsFromEnv(
  env: GatewayAuthEnv,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  if (env.EVENT_BUS !== 'redis' && env.EVENT_BUS !== 'kafka') {
    logger.warn(
      'EVENT_BUS is not redis or kafka: the gateway cannot see session revocations; the services still refuse revoked sessions',
    );
    return { close: async () => undefined };
  }
  const bus = await createEventBus(env, { logger, clientId: 'gateway' });
  const subscription: Subscription = await followSessionRevocations(bus, { owner: 'gateway', logger });
  return {
    async close() {
      await subscription.close();
      await bus.close();
    },
  };
}
