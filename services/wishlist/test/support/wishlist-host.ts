import { randomUUID } from 'node:crypto';
import type { INestApplication, Type } from '@nestjs/common';
import {
  Topics,
  type AuthUserChangedPayload,
  type EventEnvelope,
  type PriceChangedPayload,
  type TrackingChangedPayload,
  type WishlistItemAlertChangedPayload,
  type WishlistItemPriceDroppedPayload,
} from '@pt/contracts';
import {
  identityHeaders,
  MemoryEventBus,
  type Database,
  type EventBus,
  type Subscription,
} from '@pt/platform';
import { FakeClock, startTestService } from '@pt/testing';
import type { Express } from 'express';
import { wishlistService } from '../../src';

export interface WishlistHost {
  express: Express;
  nest: INestApplication;
  bus: EventBus;
  /** Relays what the outbox holds now. */
  drainOutbox(): Promise<number>;
  clock: FakeClock;
  /** Events the service published (relayed from its outbox), by topic. */
  tracking: TrackingChangedPayload[];
  alerts: WishlistItemAlertChangedPayload[];
  drops: WishlistItemPriceDroppedPayload[];
  get<T>(type: Type<T>): T;
  close(): Promise<void>;
}

/**
 * The wishlist service as both hosts start it (startService), on the test's Postgres database, an in-memory bus and a
 * hand-moved clock, with its outbox relay running so published events can be observed.
 */
export async function startWishlist(
  db: Database,
  clock = new FakeClock(Date.UTC(2026, 0, 10, 12)),
): Promise<WishlistHost> {
  const bus = new MemoryEventBus();
  const tracking: TrackingChangedPayload[] = [];
  const alerts: WishlistItemAlertChangedPayload[] = [];
  const drops: WishlistItemPriceDroppedPayload[] = [];
  const subscriptions: Subscription[] = [
    await bus.subscribe(Topics.trackingChanged, 'test', async (e) => {
      tracking.push(e.payload as TrackingChangedPayload);
    }),
    await bus.subscribe(Topics.wishlistItemAlertChanged, 'test', async (e) => {
      alerts.push(e.payload as WishlistItemAlertChangedPayload);
    }),
    await bus.subscribe(Topics.wishlistItemPriceDropped, 'test', async (e) => {
      drops.push(e.payload as WishlistItemPriceDroppedPayload);
    }),
  ];
  const { service } = await startTestService(wishlistService, db, { bus, clock });
  return {
    express: service.express,
    nest: service.nest,
    bus,
    drainOutbox: () => service.drainOutbox(),
    clock,
    tracking,
    alerts,
    drops,
    get: (type) => service.nest.get(type),
    async close() {
      await service.close();
      for (const s of subscriptions) await s.close();
      await bus.close();
    },
  };
}

/** The identity headers the gateway sets for a verified user: a signed assertion (libs/platform user-context). */
export const as = (userId: string): Record<string, string> => identityHeaders({ id: userId, role: 'user' });

export function priceChanged(
  payload: Partial<PriceChangedPayload> & { productId: string; newPrice: number; observedAt: string },
  id = randomUUID(),
): EventEnvelope<PriceChangedPayload> {
  const full: PriceChangedPayload = {
    marketplace: 'ebay',
    oldPrice: 100,
    currency: 'USD',
    dropped: payload.newPrice < (payload.oldPrice ?? 100),
    source: 'poll',
    ...payload,
  };
  return {
    id,
    type: Topics.priceChanged,
    version: 1,
    occurredAt: full.observedAt,
    key: `${full.marketplace}:${full.productId}`,
    payload: full,
  };
}

export function userChanged(payload: AuthUserChangedPayload, id = randomUUID()): EventEnvelope {
  return {
    id,
    type: Topics.authUserChanged,
    version: 1,
    occurredAt: new Date().toISOString(),
    key: `user:${payload.userId}`,
    payload,
  };
}

/** A product as the client sends it when adding (§3 snapshot). */
export const product = (id: string, price = 100, extra: Record<string, unknown> = {}) => ({
  productId: id,
  title: `Product ${id}`,
  price,
  currency: 'USD',
  image: 'https://i.ebayimg.com/images/x.jpg',
  url: `https://www.ebay.com/itm/${id}`,
  source: 'eBay',
  shipping: 'Free shipping',
  rating: 4.5,
  reviews: 12,
  ...extra,
});
