import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { OutboxListResponseSchema } from '@pt/contracts';
import { FileMailer, createLogger, identityHeaders } from '@pt/platform';
import { describeAdapter, postgresAvailability, redisAvailability } from '@pt/testing';
import { SERVICE_NAMES, createGatewayApp, type ServiceName } from '../../src';
import { startGatewayRig, type GatewayRig } from '../support/gateway-rig';

const needs = postgresAvailability().available ? redisAvailability() : postgresAvailability();
const OUTBOX = '/api/v1/admin/outbox';

/**
 * The embedded mode's outbox viewer. Mails hold confirmation and recovery links,
 * so the route is for admins only; where there is no file outbox it says so with a 404.
 */
describeAdapter('gateway-outbox', 'postgres+redis', needs, () => {
  let rig: GatewayRig;
  let dir: string;
  let mailer: FileMailer;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    mailer = new FileMailer({ dir, from: 'Price Tracker <no-reply@example.com>' });
    rig = await startGatewayRig({}, { outbox: mailer });
    admin = await rig.token('admin');
    user = await rig.token('user');
    for (const n of [1, 2, 3])
      await mailer.send({
        to: `reader${n}@example.com`,
        subject: `Confirm your email ${n}`,
        text: `Open http://localhost/?token=secret-${n}&type=signup to confirm.`,
      });
  }, 60_000);
  afterAll(async () => {
    await rig?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (query = '', token?: string, headers: Record<string, string> = {}) =>
    fetch(`${rig.url}${OUTBOX}${query}`, {
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('an admin reads the mails newest first, with their bodies, one bounded page at a time', async () => {
    const res = await get('', admin);
    expect(res.status).toBe(200);
    const body = OutboxListResponseSchema.parse(await res.json());
    expect(body.messages.map((m) => m.subject)).toEqual([
      'Confirm your email 3',
      'Confirm your email 2',
      'Confirm your email 1',
    ]);
    expect(body.messages[0]).toMatchObject({
      to: 'reader3@example.com',
      from: 'Price Tracker <no-reply@example.com>',
      text: 'Open http://localhost/?token=[redacted]&type=signup to confirm.',
      html: null,
    });
    const page = OutboxListResponseSchema.parse(await (await get('?limit=2', admin)).json());
    expect(page.messages.map((m) => m.to)).toEqual(['reader3@example.com', 'reader2@example.com']);
  });

  it('masks every token-bearing link in text and html (the admin role is no key to accounts); the file on disk keeps it', async () => {
    await mailer.send({
      to: 'owner@example.com',
      subject: 'Price drop',
      text: 'Stop: http://localhost/unsubscribe?token=unsub-secret-1 · Recover: http://localhost/#access_token=eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln&type=recovery',
      html: '<a href="http://localhost/?token=html-secret-2&amp;type=signup">Confirm</a>',
    });
    const body = OutboxListResponseSchema.parse(await (await get('?limit=1', admin)).json());
    const shown = JSON.stringify(body.messages[0]);
    expect(body.messages[0]).toMatchObject({ to: 'owner@example.com', subject: 'Price drop' });
    for (const secret of ['unsub-secret-1', 'eyJhbGciOiJFUzI1NiJ9', 'html-secret-2'])
      expect(shown).not.toContain(secret);
    expect(body.messages[0]!.html).toBe(
      '<a href="http://localhost/?token=[redacted]&amp;type=signup">Confirm</a>',
    );
    const onDisk = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    expect(onDisk).toContain('unsub-secret-1');
  });

  it.each([['?limit=0'], ['?limit=101'], ['?limit=all']])('%s → 400', async (query) => {
    const res = await get(query, admin);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
  });

  it('ARCH §6 admins only: anonymous 401, a signed-in user 403, a bad token 401, forged identity headers 401', async () => {
    const anonymous = await get();
    expect(anonymous.status).toBe(401);
    const anonymousBody = await anonymous.text();
    expect(anonymousBody).toContain('"code":"unauthorized"');
    const asUser = await get('', user);
    expect(asUser.status).toBe(403);
    const userBody = await asUser.text();
    expect(userBody).toContain('"code":"forbidden"');
    expect((await get('', 'not-a-jwt')).status).toBe(401);
    // A client cannot claim to be an admin with the headers the gateway signs for services.
    const forged = await get('', undefined, {
      ...identityHeaders({ id: 'x', role: 'admin' }),
      'x-user-role': 'admin',
    });
    expect(forged.status).toBe(401);
    // Neither refusal carries a mail.
    expect(anonymousBody).not.toContain('secret-');
    expect(userBody).not.toContain('secret-');
  });

  it('distributed mode (no file outbox): a clear 404 JSON error', async () => {
    const logger = createLogger({ service: 'test', level: 'silent' });
    const targets = Object.fromEntries(
      SERVICE_NAMES.map((n) => [
        n,
        (_q: unknown, res: { sendStatus(n: number): void }) => res.sendStatus(502),
      ]),
    ) as unknown as Record<ServiceName, never>;
    const app = createGatewayApp({ logger, targets });
    const res = await supertest(app).get(OUTBOX).expect(404);
    expect(res.body).toEqual({
      error: {
        code: 'no_outbox',
        message:
          'No outbox here: this deployment sends mail over SMTP (the outbox exists in the embedded mode)',
      },
    });
  });
});
