import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AlertListResponseSchema, Topics, type EventEnvelope, type Topic } from '@pt/contracts';
import type { Database, JobQueue, Mailer } from '@pt/platform';
import {
  createTestPostgres,
  postgresAvailability,
  redisAvailability,
  startSmtpSink,
  type SinkMessage,
  type SmtpSink,
  type TestPostgres,
} from '@pt/testing';
import {
  asUser,
  smtpMailer,
  startNotifier,
  startSwitchableSmtp,
  testQueue,
  userChanged,
  type FakeCatalog,
  type NotifierUnderTest,
  type StartOptions,
} from './notifier-host';
import { mailsTo, processed, settled } from './waits';

/** Postgres and Redis both reachable (the BullMQ suites), or why not, as describeAdapter takes it. */
export function postgresAndRedis(): { available: boolean; reason?: string } {
  const pg = postgresAvailability();
  const redis = redisAvailability();
  return pg.available && redis.available
    ? { available: true }
    : { available: false, reason: [pg.reason, redis.reason].filter(Boolean).join('; ') };
}

/** What a notifier suite runs against, once its beforeAll has started it. */
export interface NotifierSuite {
  pgdb: TestPostgres;
  db: Database;
  sink: SmtpSink;
  /** Between the notifier and the sink: switched down, SMTP refuses mail. */
  smtp: Awaited<ReturnType<typeof startSwitchableSmtp>>;
  mailer: Mailer;
  queue: JobQueue;
  host: NotifierUnderTest;
}

/**
 * The notifier on a database of its own, the test queue (BullMQ when REDIS_URL is set) and a real
 * SMTP sink behind a switchable relay: started before the suite's tests, stopped after them.
 * `ready` hands the suite to the spec's own variables.
 */
export function notifierSuite(
  options: Omit<StartOptions, 'db' | 'mailer' | 'queue'>,
  ready?: (suite: NotifierSuite) => void,
): NotifierSuite {
  // Filled in place by beforeAll: tests (and alertSteps) read it once the suite has started.
  const suite = {} as NotifierSuite;
  beforeAll(async () => {
    suite.pgdb = await createTestPostgres();
    suite.db = suite.pgdb.db;
    suite.sink = await startSmtpSink();
    suite.smtp = await startSwitchableSmtp(suite.sink.url);
    suite.mailer = smtpMailer(suite.smtp.url);
    suite.queue = testQueue();
    suite.host = await startNotifier({ ...options, db: suite.db, mailer: suite.mailer, queue: suite.queue });
    ready?.(suite);
  });

  afterAll(async () => {
    const started: Partial<NotifierSuite> = suite;
    await started.host?.close();
    await started.queue?.close();
    await started.mailer?.close();
    await started.smtp?.close();
    await started.sink?.close();
    await started.pgdb?.drop();
  });
  return suite;
}

/**
 * The steps the alert suites share: a fresh USD eBay listing in the fake catalog and a confirmed
 * user with an alert on it, the user's mail once the pipeline is idle, their alert as the API
 * lists it, their private feed, an alert refused as bad input, and an event published and processed.
 */
export function alertSteps(suite: NotifierSuite, catalog: FakeCatalog, title: string, idBase: number) {
  let counter = 0;
  const publish = async (topic: Topic, event: EventEnvelope): Promise<void> => {
    await suite.host.bus.publish(topic, event);
    await processed(suite.db, event.id);
  };
  return {
    publish,
    async alertOn(
      price: number,
      body: Record<string, unknown>,
      listing: { shipping?: number } = {},
      before?: (productId: string) => Promise<void>,
    ) {
      counter += 1;
      const productId = String(idBase + counter * 7919);
      catalog.listings.set(productId, {
        marketplace: 'ebay',
        title: `${title} ${counter}`,
        url: `https://www.ebay.com/itm/${productId}`,
        price,
        currency: 'USD',
        ...listing,
      });
      const userId = `user-${randomUUID()}`;
      const email = `${userId}@example.com`;
      await publish(Topics.authUserChanged, userChanged({ userId, change: 'confirmed', email, name: 'Ada' }));
      await before?.(productId);
      const created = await request(suite.host.express)
        .post('/api/v1/alerts')
        .set(asUser(userId, email))
        .send({ productId, ...body })
        .expect(201);
      return { productId, userId, email, alert: created.body.alert, title: `${title} ${counter}` };
    },
    /** Every email the user got, once the pipeline is idle (nothing left to send). */
    async mailsOf(email: string): Promise<SinkMessage[]> {
      await settled(suite.db, suite.host);
      return mailsTo(suite.sink.messages(), email);
    },
    async listed(userId: string, email: string) {
      const res = await request(suite.host.express)
        .get('/api/v1/alerts')
        .set(asUser(userId, email))
        .expect(200);
      return AlertListResponseSchema.parse(res.body).alerts[0];
    },
    /** The user's private feed (created for them), as a feed reader gets it. */
    async feedOf(userId: string, email: string): Promise<string> {
      const feed = await request(suite.host.express)
        .post('/api/v1/alerts/feed')
        .set(asUser(userId, email))
        .expect(201);
      const res = await request(suite.host.express)
        .get(new URL(feed.body.feed.url as string).pathname)
        .expect(200);
      return res.text;
    },
    /**
     * A fresh listing and a new user whose alert of `body` on it is refused with a 400: the answer,
     * the alerts the user has after it, and who and what it was, for the test to go on.
     */
    async refused(body: Record<string, unknown>, listing: { shipping?: number } = {}) {
      counter += 1;
      const productId = String(idBase + counter * 7919);
      catalog.listings.set(productId, {
        marketplace: 'ebay',
        title: 'X',
        price: 10,
        currency: 'USD',
        ...listing,
      });
      const user = asUser(`user-${randomUUID()}`);
      const res = await request(suite.host.express)
        .post('/api/v1/alerts')
        .set(user)
        .send({ productId, ...body })
        .expect(400);
      const after = await request(suite.host.express).get('/api/v1/alerts').set(user).expect(200);
      return { answer: res.body, alerts: after.body.alerts, productId, user };
    },
  };
}
