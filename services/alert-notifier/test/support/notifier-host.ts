import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { INestApplication } from '@nestjs/common';
import {
  createEventEnvelope,
  Topics,
  type AuthUserChangedPayload,
  type EventEnvelope,
  type ListingAvailabilityChangedPayload,
  type PriceChangedPayload,
  type WishlistItemAlertChangedPayload,
  type WishlistItemPriceDroppedPayload,
} from '@pt/contracts';
import { listingIdOf, listingKeyOf, type MarketplaceId } from '@pt/domain';
import {
  BullMqJobQueue,
  identityHeaders,
  InlineJobQueue,
  MemoryEventBus,
  SmtpMailer,
  type Clock,
  type Database,
  type EventBus,
  type JobQueue,
  type Mailer,
  type RunningService,
} from '@pt/platform';
import { startTestService } from '@pt/testing';
import type { Express } from 'express';
import {
  createAlertNotifierService,
  type DemoControl,
  type ListingInfo,
  type MatchedListing,
  type ProductLookup,
} from '../../src';

/** The catalog as a test controls it: listings by id, found from any id form (as the catalog's §4 lookup). */
export class FakeCatalog implements ProductLookup {
  readonly listings = new Map<string, ListingInfo>();
  /** The also-on answer per product id; none means no match. */
  readonly matched = new Map<string, MatchedListing[]>();
  async lookup(productId: string, marketplace?: MarketplaceId): Promise<ListingInfo | undefined> {
    return this.listings.get(productId) ?? this.listings.get(listingIdOf(marketplace ?? 'ebay', productId));
  }
  async matches(productId: string): Promise<MatchedListing[]> {
    return this.matched.get(productId) ?? [];
  }
}

export interface NotifierUnderTest {
  express: Express;
  nest: INestApplication;
  bus: EventBus;
  queue: JobQueue;
  /** Started as production starts it (drainOutbox relays what it published). */
  service: RunningService;
  close(): Promise<void>;
}

export interface StartOptions {
  db: Database;
  mailer: Mailer;
  queue: JobQueue;
  bus?: EventBus;
  catalog?: ProductLookup;
  demoControl?: DemoControl;
  env?: Record<string, string>;
  /** The service's CLOCK (a FakeClock in tests that move time); the system clock otherwise. */
  clock?: Clock;
}

export const TEST_ENV = {
  APP_URL: 'http://app.test',
  ALERT_EMAIL_ATTEMPTS: '12',
  ALERT_EMAIL_BACKOFF_MS: '100',
  ALERT_EMAIL_SWEEP_MS: '500',
  ALERT_UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-0123456789abcdef',
};

/**
 * The alert-notifier as both hosts start it (startService), on the test's database, queue, mailer
 * and bus, with a fake catalog unless the test gives one.
 */
export async function startNotifier(options: StartOptions): Promise<NotifierUnderTest> {
  const bus = options.bus ?? new MemoryEventBus();
  const definition = createAlertNotifierService({
    productLookup: options.catalog ?? new FakeCatalog(),
    ...(options.demoControl ? { demoControl: options.demoControl } : {}),
  });
  const { service } = await startTestService(definition, options.db, {
    bus,
    queue: options.queue,
    mailer: options.mailer,
    ...(options.clock ? { clock: options.clock } : {}),
    env: { ...TEST_ENV, ...options.env },
  });
  return {
    express: service.express,
    nest: service.nest,
    bus,
    queue: options.queue,
    service,
    close: () => service.close(),
  };
}

/** BullMQ on REDIS_URL under a prefix of its own (test files share the Redis database), else inline. */
export function testQueue(): JobQueue {
  const url = process.env.REDIS_URL;
  if (!url) return new InlineJobQueue();
  return new BullMqJobQueue({
    url,
    prefix: `pt-test-notifier-${randomUUID().slice(0, 8)}`,
    lockDurationMs: 5_000,
    stalledIntervalMs: 1_000,
  });
}

export function smtpMailer(url: string): Mailer {
  return new SmtpMailer({ url, from: 'Price Tracker <alerts@price-tracker.test>' });
}

/** Headers the gateway sets after verifying a token: a signed assertion (libs/platform user-context). */
export const asUser = (id: string, email = `${id}@example.com`, role: 'user' | 'admin' = 'user') =>
  identityHeaders({ id, role, email });

export function priceChanged(
  p: {
    productId: string;
    oldPrice: number;
    newPrice: number;
    marketplace?: MarketplaceId;
    currency?: string;
    /** The listing's lows before this observation (pricing's recorder adds them). */
    lows?: PriceChangedPayload['lows'];
    /** The listing's shipping at this observation (landed prices). */
    shipping?: number;
  },
  id = randomUUID(),
): EventEnvelope<PriceChangedPayload> {
  const marketplace = p.marketplace ?? 'ebay';
  return createEventEnvelope(
    Topics.priceChanged,
    {
      productId: p.productId,
      marketplace,
      oldPrice: p.oldPrice,
      newPrice: p.newPrice,
      currency: p.currency ?? 'USD',
      dropped: p.newPrice < p.oldPrice,
      observedAt: new Date().toISOString(),
      source: 'poll',
      ...(p.lows ? { lows: p.lows } : {}),
      ...(p.shipping !== undefined ? { shipping: p.shipping } : {}),
    },
    { id, occurredAt: new Date().toISOString(), key: listingKeyOf(marketplace, p.productId) },
  );
}

/** pricing's listing.availability-changed for a USD eBay listing, at `at` (default now). */
export function availabilityChanged(p: {
  productId: string;
  available: boolean;
  price?: number;
  at?: Date;
}): EventEnvelope<ListingAvailabilityChangedPayload> {
  return createEventEnvelope(
    Topics.listingAvailabilityChanged,
    {
      productId: p.productId,
      marketplace: 'ebay',
      available: p.available,
      ...(p.price !== undefined ? { price: p.price, currency: 'USD' } : {}),
      at: (p.at ?? new Date()).toISOString(),
    },
    { id: randomUUID(), occurredAt: new Date().toISOString(), key: listingKeyOf('ebay', p.productId) },
  );
}

export function userChanged(payload: AuthUserChangedPayload): EventEnvelope<AuthUserChangedPayload> {
  return createEventEnvelope(Topics.authUserChanged, payload, {
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    key: `user:${payload.userId}`,
  });
}

export function wishlistAlert(
  payload: Omit<WishlistItemAlertChangedPayload, 'changedAt'>,
): EventEnvelope<WishlistItemAlertChangedPayload> {
  return createEventEnvelope(
    Topics.wishlistItemAlertChanged,
    { ...payload, changedAt: new Date().toISOString() },
    { id: randomUUID(), occurredAt: new Date().toISOString(), key: `user:${payload.userId}` },
  );
}

/** A wishlist item's drop from `oldPrice` to `newPrice` (USD), as the wishlist publishes it, observed now. */
export function wishlistDrop(
  payload: Omit<
    WishlistItemPriceDroppedPayload,
    'observedAt' | 'itemId' | 'wishlistId' | 'marketplace' | 'currency'
  > &
    Partial<WishlistItemPriceDroppedPayload>,
): EventEnvelope<WishlistItemPriceDroppedPayload> {
  const now = new Date().toISOString();
  return createEventEnvelope(
    Topics.wishlistItemPriceDropped,
    {
      itemId: randomUUID(),
      wishlistId: randomUUID(),
      marketplace: 'ebay',
      currency: 'USD',
      observedAt: now,
      ...payload,
    },
    { id: randomUUID(), occurredAt: now, key: `user:${payload.userId}` },
  );
}

/**
 * A TCP relay in front of the SMTP sink that the test can cut: while down it refuses every
 * connection (as a dead mail server would), when up it forwards bytes both ways.
 */
export async function startSwitchableSmtp(targetUrl: string): Promise<{
  url: string;
  down(): void;
  up(): void;
  refused(): number;
  close(): Promise<void>;
}> {
  const target = new URL(targetUrl);
  let isUp = true;
  let refusedCount = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (!isUp) {
      refusedCount += 1;
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    down: () => {
      isUp = false;
    },
    up: () => {
      isUp = true;
    },
    refused: () => refusedCount,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
