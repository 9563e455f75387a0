import { followSessionRevocations, type EventBus, type Logger } from '@pt/platform';

/**
 * The gateway process of the distributed mode follows `auth.session-revoked` on the services' bus,
 * on the connection its edge uses too. In the embedded host the services feed
 * the same in-process set already.
 */
export async function followRevocations(bus: EventBus, logger: Logger): Promise<{ close(): Promise<void> }> {
  if (bus.kind === 'memory') {
    logger.warn(
      'EVENT_BUS is not redis or kafka: the gateway cannot see session revocations; the services still refuse revoked sessions',
    );
    return { close: async () => undefined };
  }
  return followSessionRevocations(bus, { owner: 'gateway', logger });
}
