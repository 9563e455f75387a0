import { PostgresDatabase } from '@pt/platform';
import {
  DemoCatalog,
  eventually,
  gatewayClient,
  priceDropsTo,
  quietEbayListings,
  signedIn,
  sinkMail,
  startDistributedHost,
  startSmtpSink,
  type DistributedHost,
  type SmtpSink,
} from '@pt/testing';
import {
  armedQuietListing,
  dropToMailEnv,
  pinDemoPrice,
  priceDropDeliveries,
  servedCalls,
  type AlertDropRig,
  type ArmedListing,
} from './alert-drops';
import { chaosUnavailableReason, childPidsRunning, OwnPostgres, OwnRedis, scaleReplicas } from './infra';
import { kafkaMockUnavailableReason, OwnKafkaMock } from './kafka-cluster';
import { duplicatePriceChanges, snapshotCounts } from './load';

/**
 * The distributed mode on Kafka (EVENT_BUS=kafka, a 3-broker librdkafka mock
 * cluster of its own) during a burst of price drops, each under a shopper's alert. Mid-burst a
 * consumer service is killed with -9, or one broker is stopped and started; every drop still ends
 * in exactly one email and one notification row (0 lost, 0 duplicated), and in two snapshots
 * (the first price and the pinned one) with one price.changed.
 */
/** Alerts pinned under their target per burst: half before the fault, half during it. */
const BURST = Number(process.env.CHAOS_KAFKA_BURST ?? 6);
/** How long the stopped broker stays down (CHAOS_KAFKA_OUTAGE_MS to change). */
const BROKER_OUTAGE_MS = Number(process.env.CHAOS_KAFKA_OUTAGE_MS ?? 5000);
const SETTLE_MS = 120_000;
const NOTIFIER = 'services/alert-notifier/dist/main.js';
/** start:distributed's port order: the gateway, then auth, catalog, pricing, wishlist, alert-notifier. */
const NOTIFIER_PORT_OFFSET = 5;
const PREFIX = 'chaos.';

const progress = (line: string) => process.stderr.write(`[chaos/kafka] ${line}\n`);

const unavailable = chaosUnavailableReason() ?? kafkaMockUnavailableReason();
const describeChaos = unavailable ? describe.skip : describe;

const TITLE = `distributed mode on Kafka under faults${unavailable ? ` skipped: ${unavailable}` : ''}`;

describeChaos(TITLE, () => {
  let pg: OwnPostgres;
  let redis: OwnRedis;
  let kafka: OwnKafkaMock;
  let db: PostgresDatabase;
  let sink: SmtpSink;
  let host: DistributedHost;
  const gatewayUrl = () => host.url;
  const call = gatewayClient(gatewayUrl, '198.18.0.2');
  const shopper = 'kafka-shopper@example.com';
  const admin = 'kafka-admin@example.com';
  const tokens = { shopper: '', admin: '' };
  const quiet = quietEbayListings(new DemoCatalog({ seed: 'price-tracker' }));
  /** Every listing pinned under its alert's target, across the bursts. */
  const dropped: string[] = [];

  beforeAll(async () => {
    [pg, redis, kafka, sink] = await Promise.all([
      OwnPostgres.start(),
      OwnRedis.start(),
      OwnKafkaMock.start(3),
      startSmtpSink(),
    ]);
    host = await startDistributedHost(
      (gateway) => ({
        DATABASE_URL: pg.url,
        // Job queues and rate limits stay on Redis; events go over Kafka.
        REDIS_URL: redis.url,
        EVENT_BUS: 'kafka',
        KAFKA_BROKERS: kafka.bootstraps,
        // Named, so the notifier can be scaled while running (behind the runner's balancer).
        REPLICAS: 'alert-notifier=1',
        KAFKA_TOPIC_PREFIX: PREFIX,
        ...dropToMailEnv(gateway, sink.url, admin),
      }),
      180_000,
    );
    db = new PostgresDatabase({ url: pg.url, max: 2, applicationName: 'chaos-kafka-test' });
    tokens.shopper = await signedIn(call, sinkMail(sink), shopper, { site: gatewayUrl() });
    tokens.admin = await signedIn(call, sinkMail(sink), admin, { site: gatewayUrl() });
  }, 300_000);

  afterAll(async () => {
    await host?.stop();
    await db?.close().catch(() => undefined);
    await sink?.close();
    await kafka?.destroy();
    await redis?.destroy();
    await pg?.destroy();
  }, 60_000);

  const drops: AlertDropRig = {
    call,
    served: servedCalls(call),
    quiet,
    tokens: () => tokens,
    snapshotTimeoutMs: 60_000,
  };
  const armed = () => armedQuietListing(drops);

  async function pin({ key, pinned }: ArmedListing): Promise<void> {
    await pinDemoPrice(drops, key, pinned);
    dropped.push(key);
  }

  const deliveriesFor = (key: string) => priceDropDeliveries(sink, shopper, key);

  async function notificationRows(keys: string[]): Promise<Map<string, string[]>> {
    const { rows } = await db.query<{ listing_key: string; status: string }>(
      `SELECT listing_key, status FROM alert_notifier.notifications WHERE listing_key = ANY($1)`,
      [keys.map((k) => `ebay:${k}`)],
    );
    const byKey = new Map<string, string[]>(keys.map((k) => [k, []]));
    for (const r of rows) byKey.get(r.listing_key.slice('ebay:'.length))?.push(r.status);
    return byKey;
  }

  /**
   * BURST armed alerts pinned under their target: half of them, then — once the first email
   * arrived — the other half before or during `fault`, so those drops travel the bus meanwhile;
   * then `heal`. Asserts the books of the burst.
   */
  async function burst(
    restPinned: 'before' | 'during',
    fault: () => Promise<void>,
    heal: () => Promise<void>,
    settleMs = SETTLE_MS,
  ) {
    const alerts = await Promise.all(Array.from({ length: BURST }, () => armed()));
    const keys = alerts.map((a) => a.key);
    const started = Date.now();
    const step = (what: string) =>
      progress(
        `${what} after ${Date.now() - started} ms (emails ${keys.filter((k) => deliveriesFor(k).length > 0).length}/${BURST})`,
      );
    const half = Math.ceil(BURST / 2);
    for (const alert of alerts.slice(0, half)) await pin(alert);
    await eventually(() => keys.some((k) => deliveriesFor(k).length > 0), {
      timeoutMs: SETTLE_MS,
      everyMs: 50,
      what: 'the first email of the burst',
    });
    if (restPinned === 'before') for (const alert of alerts.slice(half)) await pin(alert);
    step('fault');
    await fault();
    if (restPinned === 'during') for (const alert of alerts.slice(half)) await pin(alert);
    await heal();
    step('healed');
    await eventually(
      async () => {
        const rows = await notificationRows(keys);
        return keys.every((k) => deliveriesFor(k).length > 0 && rows.get(k)?.includes('sent'));
      },
      { timeoutMs: settleMs, everyMs: 250, what: 'an email for every drop of the burst, marked sent' },
    ).catch(() => undefined); // the assertions below say which
    const settledMs = Date.now() - started;
    step('settled');
    const rows = await notificationRows(keys);
    const mails = keys.map((k) => new Set(deliveriesFor(k).map((m) => m.headers['message-id'])).size);
    const deliveries = keys.map((k) => deliveriesFor(k).length);
    const snapshots = await snapshotCounts(db);
    progress(
      `burst of ${BURST}: emails ${mails.reduce((a, b) => a + b, 0)} (SMTP deliveries ${deliveries.reduce((a, b) => a + b, 0)}), ` +
        `notification rows ${[...rows.values()].reduce((a, r) => a + r.length, 0)}, settled in ${settledMs} ms`,
    );
    expect(keys.map((k) => [k, rows.get(k)])).toEqual(keys.map((k) => [k, ['sent']]));
    expect(keys.map((k, i) => [k, mails[i]])).toEqual(keys.map((k) => [k, 1]));
    expect(keys.map((k) => [k, snapshots.get(`ebay:${k}`)])).toEqual(keys.map((k) => [k, 2]));
    expect(await duplicatePriceChanges(db)).toBe(0);
    // SMTP has no exactly-once: a sender killed between the server's answer and recording it may
    // resend with the same Message-ID (one mail in the mailbox). Reported, at most one per mail.
    expect(Math.max(...deliveries)).toBeLessThanOrEqual(2);
  }

  it('kill -9 of the alert notifier mid-burst: restarted, every drop mailed exactly once', async () => {
    let killed = 0;
    let killedAt = 0;
    // Pins go through the notifier (the admin's demo route): the last ones just before its kill,
    // so their price.changed events reach Kafka while it is down.
    await burst(
      'before',
      async () => {
        const pids = childPidsRunning(host.launcher.pid ?? -1, NOTIFIER);
        expect(pids).toHaveLength(1);
        killed = pids[0];
        process.kill(killed, 'SIGKILL');
        killedAt = Date.now();
      },
      async () => {
        await eventually(
          () => childPidsRunning(host.launcher.pid ?? -1, NOTIFIER).some((p) => p !== killed),
          {
            timeoutMs: 15_000,
            what: 'the alert notifier to be started again',
          },
        );
        // It serves before its consumers have joined their groups: the killed member's partitions
        // are handed on only once the coordinator has seen that member's session end (30 s).
        await eventually(
          () =>
            fetch(`http://127.0.0.1:${host.base + NOTIFIER_PORT_OFFSET}/readyz`).then(
              (r) => r.ok,
              () => false,
            ),
          { timeoutMs: SETTLE_MS, everyMs: 100, what: 'the restarted alert notifier to be ready' },
        );
        const readyMs = Date.now() - killedAt;
        progress(`alert notifier ready again ${readyMs} ms after its kill`);
        // Not held back by the session of its killed predecessor (30 s): its API serves meanwhile.
        expect(readyMs).toBeLessThan(25_000);
      },
    );
  }, 300_000);

  it('one broker stopped and started mid-burst: every drop mailed exactly once', async () => {
    let broker = 0;
    // Half the drops are produced while the broker is down.
    await burst(
      'during',
      async () => {
        // The broker leading most partitions of price.changed: drops wait in pricing's outbox.
        broker = await kafka.busiestLeader(`${PREFIX}price.changed`);
        await kafka.down(broker);
        progress(`broker ${broker} down`);
      },
      async () => {
        await new Promise((resolve) => setTimeout(resolve, BROKER_OUTAGE_MS));
        await kafka.up(broker);
        progress(`broker ${broker} up`);
      },
    );
  }, 300_000);

  it('the notifier scaled 1 → 2 → 1 mid-burst: its Kafka consumer group rebalances, every drop mailed exactly once', async () => {
    const notifiers = () => childPidsRunning(host.launcher.pid ?? -1, NOTIFIER);
    // Half the drops travel while a second notifier joins the group, the rest before it leaves.
    await burst(
      'during',
      async () => {
        await scaleReplicas(host.launcher, 'alert-notifier=2');
        expect(notifiers()).toHaveLength(2);
      },
      // The one leaving hands its partitions back: the drops pinned while two ran, and those still
      // on its partitions, are mailed by the one left (the mock cluster answers no DescribeGroups,
      // so membership is seen through what each drop's email proves).
      async () => {
        await scaleReplicas(host.launcher, 'alert-notifier=1');
        expect(notifiers()).toHaveLength(1);
      },
      // Two rebalances, each waiting for every member to rejoin: one run here settled in 93 s.
      3 * SETTLE_MS,
    );
  }, 500_000);

  it('across the faults: one price-drop email per pinned alert, and nothing else', async () => {
    expect(dropped).toHaveLength(3 * BURST);
    const queue = (await call('GET', '/api/v1/admin/notifications/emails', undefined, tokens.admin)).body
      .notifications;
    expect(queue).toEqual({ sent: dropped.length });
    const distinct = new Set(priceDropsTo(sink, shopper).map((m) => m.headers['message-id'])).size;
    progress(`price-drop emails: ${distinct} for ${dropped.length} drops`);
    expect(distinct).toBe(dropped.length);
  }, 60_000);
});
