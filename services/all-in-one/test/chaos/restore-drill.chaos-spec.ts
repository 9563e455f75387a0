import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PostgresDatabase } from '@pt/platform';
import {
  DemoCatalog,
  eventually,
  gatewayClient,
  quietEbayListings,
  repoRoot,
  signedIn,
  sinkMail,
  startDistributedHost,
  startSmtpSink,
  waitForExit,
  type DistributedHost,
  type GatewayCall,
  type SmtpSink,
} from '@pt/testing';
import {
  dropToMailEnv,
  dropUnderAlert as dropUnderQuietAlert,
  priceDropDeliveries,
  priceDropMails,
  servedCalls,
} from './alert-drops';
import { chaosUnavailableReason, freePort, OwnPostgres, OwnRedis } from './infra';
import { demoLookups, duplicatePriceChanges, LoadRunner, recordingGaps } from './load';

/**
 * The restore drill of docs/operations.md ("Backups and restore"): under a steady
 * stream of lookups and with a price drop on its way to a mail, `pg_dump --format=custom` of the
 * app database; `pg_restore` into a fresh database; `migrate --after-restore`; the stack started on it
 * with an EMPTY Redis and the secrets kept with the backup. Users sign in with their passwords,
 * their wishlist, alerts and price history are there, an old mail's unsubscribe link still works,
 * every lookup answered before the dump is recorded (the outbox replay rebuilds what Redis held),
 * no crossing that had mailed mails again, and a new crossing mails once. Started with another
 * AUTH_PASSWORD_PEPPER, auth refuses to start and names the variable.
 */
const PASSWORD = 'correct horse battery';
const PEPPER = randomBytes(24).toString('base64url');
const UNSUBSCRIBE_SECRET = randomBytes(32).toString('base64url');
const KEY_ENCRYPTION_KEY = randomBytes(32).toString('base64url');
const INTERNAL_SECRET = randomBytes(32).toString('base64url');
/** A refused start exits within seconds; a process still up after this has started. */
const REFUSAL_BOUND_MS = 60_000;

const progress = (line: string) => process.stderr.write(`[restore-drill] ${line}\n`);

const unavailable = chaosUnavailableReason();
const describeChaos = unavailable ? describe.skip : describe;

describeChaos(`backup and restore under load${unavailable ? ` skipped: ${unavailable}` : ''}`, () => {
  let pg: OwnPostgres;
  let redis: OwnRedis;
  let emptyRedis: OwnRedis;
  let sink: SmtpSink;
  let before: DistributedHost | undefined;
  let after: DistributedHost | undefined;
  let restoredDb: PostgresDatabase | undefined;
  const dirs: string[] = [];
  let gateway = '';
  const call: GatewayCall = gatewayClient(() => gateway, '198.18.0.1');
  const shopper = 'restore-shopper@example.com';
  const admin = 'restore-admin@example.com';
  const quiet = quietEbayListings(new DemoCatalog({ seed: 'price-tracker' }));

  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };

  /** The stack's environment: the secrets kept with the backup go to both stacks alike. */
  const stackEnv = (databaseUrl: string, redisUrl: string) => (url: string) => ({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    EVENT_BUS: 'redis',
    DATA_DIR: tempDir('pt-restore-data-'),
    AUTH_PASSWORD_PEPPER: PEPPER,
    AUTH_KEY_ENCRYPTION_KEY: KEY_ENCRYPTION_KEY,
    INTERNAL_SECRET,
    ALERT_UNSUBSCRIBE_SECRET: UNSUBSCRIBE_SECRET,
    ...dropToMailEnv(url, sink.url, admin),
  });

  beforeAll(async () => {
    pg = await OwnPostgres.start();
    redis = await OwnRedis.start();
    emptyRedis = await OwnRedis.start();
    sink = await startSmtpSink();
  }, 60_000);

  afterAll(async () => {
    await before?.stop();
    await after?.stop();
    await restoredDb?.close().catch(() => undefined);
    await sink?.close();
    await redis?.destroy();
    await emptyRedis?.destroy();
    await pg?.destroy();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const served = servedCalls(call);

  /** The shopper's alert under the next quiet listing's price, then an admin's pin under it. */
  const dropUnderAlert = (tokens: { shopper: string; admin: string }): Promise<string> =>
    dropUnderQuietAlert({ call, served, quiet, tokens: () => tokens, snapshotTimeoutMs: 30_000 });

  const historyOf = (key: string) =>
    `/api/v1/products/${encodeURIComponent(key)}/price-history?marketplace=ebay`;

  const deliveriesFor = (key: string) => priceDropDeliveries(sink, shopper, key);
  const mailsFor = (key: string) => priceDropMails(sink, shopper, key);

  const signIn = async (email: string) => {
    const session = await call('POST', '/auth/v1/token?grant_type=password', { email, password: PASSWORD });
    return session;
  };

  const wishlistSummary = async (token: string) => {
    const { body } = await call('GET', '/api/v1/wishlists', undefined, token);
    return (body.wishlists as { name: string; items: { productId: string }[] }[]).map((w) => ({
      name: w.name,
      items: w.items.map((i) => i.productId),
    }));
  };

  const alertSummary = async (token: string) => {
    const { body } = await call('GET', '/api/v1/alerts', undefined, token);
    return (body.alerts as { productId: string; targetPrice: number }[])
      .map((a) => ({ productId: a.productId, targetPrice: a.targetPrice }))
      .sort((a, b) => a.productId.localeCompare(b.productId));
  };

  it('pg_dump under load, restore into a fresh database with an empty Redis: nothing lost, nothing mailed twice', async () => {
    // --- the running system, with users, a wishlist, alerts and a crossing already mailed
    before = await startDistributedHost(stackEnv(pg.url, redis.url), 170_000);
    gateway = before.url;
    const tokens = {
      shopper: await signedIn(call, sinkMail(sink), shopper, { site: gateway, password: PASSWORD }),
      admin: await signedIn(call, sinkMail(sink), admin, { site: gateway, password: PASSWORD }),
    };
    const wishlist = await served('POST', '/api/v1/wishlists', { name: 'Restore drill' }, tokens.shopper);
    expect(wishlist.status).toBe(201);
    const mailed = await dropUnderAlert(tokens);
    await eventually(() => mailsFor(mailed) === 1, {
      timeoutMs: 60_000,
      what: 'the first crossing’s mail',
    });
    const added = await served(
      'POST',
      `/api/v1/wishlists/${wishlist.body.wishlist.id}/items`,
      { productId: mailed, marketplace: 'ebay', title: 'Drill listing', price: 10 },
      tokens.shopper,
    );
    expect(added.status).toBe(201);
    const wishlistsBefore = await wishlistSummary(tokens.shopper);
    const historyBefore = (await call('GET', historyOf(mailed))).body.points as unknown[];
    const unsubscribe = /[?&]token=([^&>\s]+)/.exec(
      deliveriesFor(mailed)[0]!.headers['list-unsubscribe']!,
    )?.[1];
    expect(unsubscribe).toBeDefined();

    // --- the dump, under a steady stream of lookups and with a second drop on its way
    const load = new LoadRunner(() => gateway, demoLookups());
    load.start();
    let inFlight: string;
    let dumpMs: number;
    let okBeforeDump: typeof load.ok;
    const dumpFile = path.join(tempDir('pt-restore-dump-'), 'price-tracker.dump');
    try {
      await eventually(() => load.ok.length >= 10, { timeoutMs: 30_000, what: 'lookups flowing' });
      inFlight = await dropUnderAlert(tokens);
      const alertsBefore = await alertSummary(tokens.shopper);
      okBeforeDump = [...load.ok];
      const dumpStarted = Date.now();
      pg.run('pg_dump', ['--format=custom', `--file=${dumpFile}`, `--dbname=${pg.url}`]);
      dumpMs = Date.now() - dumpStarted;
      progress(`pg_dump took ${dumpMs} ms, ${fs.statSync(dumpFile).size} bytes (${load.summary()})`);
      await eventually(() => mailsFor(inFlight) === 1, {
        timeoutMs: 60_000,
        what: 'the in-flight crossing’s mail from the old system',
      });
      expect(load.violations).toEqual([]);
      await load.stop();
      // The old system goes away, as the machine it ran on would.
      await before.stop();
      before = undefined;

      // --- restore as docs/operations.md says: a fresh database, pg_restore, migrate --after-restore
      pg.run('psql', ['--dbname', pg.urlOf('postgres'), '-c', 'CREATE DATABASE restored']);
      const restoredUrl = pg.urlOf('restored');
      pg.run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dumpFile]);
      const migrate = spawn(process.execPath, ['services/all-in-one/dist/migrate.js', '--after-restore'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: restoredUrl, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let migrateOut = '';
      migrate.stdout?.on('data', (c: Buffer) => (migrateOut += c.toString()));
      expect((await waitForExit(migrate)).code).toBe(0);
      // Same version: nothing to migrate; every restored outbox row marked for relaying again.
      expect(migrateOut).not.toContain('migrations applied');
      expect(migrateOut).toContain('outbox rows marked for relaying again');
      restoredDb = new PostgresDatabase({ url: restoredUrl, max: 2, applicationName: 'restore-drill' });
      const { rows: inDump } = await restoredDb.query<{ status: string }>(
        `SELECT status FROM alert_notifier.notifications WHERE listing_key = $1`,
        [`ebay:${inFlight}`],
      );
      progress(`the in-flight crossing in the dump: ${inDump[0]?.status ?? 'not yet recorded'}`);

      // --- another pepper: auth refuses to start and says which variable is wrong
      const wrongPepper = spawn(process.execPath, ['services/auth/dist/main.js'], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: restoredUrl,
          REDIS_URL: emptyRedis.url,
          EVENT_BUS: 'redis',
          PORT: String(await freePort()),
          INTERNAL_SECRET: randomBytes(32).toString('base64url'),
          AUTH_PASSWORD_PEPPER: `${PEPPER}-not-the-one`,
          AUTH_KEY_ENCRYPTION_KEY: KEY_ENCRYPTION_KEY,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let wrongPepperErr = '';
      wrongPepper.stderr?.on('data', (c: Buffer) => (wrongPepperErr += c.toString()));
      let bound: NodeJS.Timeout | undefined;
      const refused = await Promise.race([
        waitForExit(wrongPepper).then(({ code }) => `exited with ${code}`),
        new Promise<string>(
          (resolve) => (bound = setTimeout(() => resolve('still running'), REFUSAL_BOUND_MS)),
        ),
      ]);
      clearTimeout(bound);
      if (wrongPepper.exitCode === null) wrongPepper.kill('SIGKILL');
      expect(refused).toBe('exited with 1');
      expect(wrongPepperErr).toContain('AUTH_PASSWORD_PEPPER: is not the pepper');

      // --- the restored system on an empty Redis, with the secrets kept with the backup
      after = await startDistributedHost(stackEnv(restoredUrl, emptyRedis.url), 170_000);
      gateway = after.url;
      const shopperSession = await signIn(shopper);
      const adminSession = await signIn(admin);
      expect([shopperSession.status, adminSession.status]).toEqual([200, 200]);
      const restoredTokens = {
        shopper: shopperSession.body.access_token as string,
        admin: adminSession.body.access_token as string,
      };
      expect(await wishlistSummary(restoredTokens.shopper)).toEqual(wishlistsBefore);
      expect(await alertSummary(restoredTokens.shopper)).toEqual(alertsBefore);
      const historyAfter = (await call('GET', historyOf(mailed))).body.points as unknown[];
      expect(historyAfter).toEqual(expect.arrayContaining(historyBefore));
      // ALERT_UNSUBSCRIBE_SECRET kept: a link mailed before the backup still works.
      const preview = await call('GET', `/api/v1/alerts/unsubscribe/preview?token=${unsubscribe}`);
      expect(preview.status).toBe(200);

      // --- a new crossing mails once; the old ones never again
      const fresh = await dropUnderAlert(restoredTokens);
      await eventually(() => mailsFor(fresh) === 1, { timeoutMs: 60_000, what: 'the new crossing’s mail' });
      let queue: unknown;
      await eventually(
        async () => {
          queue = (await call('GET', '/api/v1/admin/notifications/emails', undefined, restoredTokens.admin))
            .body.notifications;
          const counts = queue as Record<string, number>;
          return Object.keys(counts).every((status) => status === 'sent');
        },
        { timeoutMs: 60_000, everyMs: 500, what: 'every notification of the restored system sent' },
      ).catch(() => undefined);
      expect(Object.keys(queue as object)).toEqual(['sent']);
      progress(
        `deliveries: first ${deliveriesFor(mailed).length}, in flight ${deliveriesFor(inFlight).length}, new ${deliveriesFor(fresh).length}`,
      );
      expect(deliveriesFor(mailed)).toHaveLength(1);
      // Mailed after the dump was taken, it is not in the restored database: its price.changed is
      // relayed again and mailed again, as the same crossing, so with the same Message-ID.
      expect(mailsFor(inFlight)).toBe(1);
      expect(deliveriesFor(inFlight).length).toBeLessThanOrEqual(2);
      expect(deliveriesFor(fresh)).toHaveLength(1);

      // Every lookup answered before the dump began is recorded, once: the outbox rows in the dump
      // are relayed again into the empty Redis, and consumers skip what they had handled.
      const expected = new Map([mailed, inFlight, fresh].map((key) => [`ebay:${key}`, 3]));
      await eventually(
        async () => (await recordingGaps(restoredDb!, okBeforeDump, expected)).missing.length === 0,
        {
          timeoutMs: 60_000,
          everyMs: 500,
          what: 'every lookup answered before the dump recorded',
        },
      ).catch(() => undefined);
      const gaps = await recordingGaps(restoredDb, okBeforeDump, expected);
      progress(
        `lookups answered before the dump: ${okBeforeDump.length}, missing after restore: ${gaps.missing.length}`,
      );
      expect(gaps).toEqual({ missing: [], duplicated: [] });
      expect(await duplicatePriceChanges(restoredDb)).toBe(0);
    } finally {
      await load.stop();
    }
  }, 420_000);
});
