import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deadLetterTopic, Topics, type AuthEmailRequestedPayload } from '@pt/contracts';
import { alertNotifierService } from '@pt/alert-notifier';
import {
  createEnvelope,
  createRuntime,
  emailLink,
  parseConfig,
  serviceEnvSchema,
  startService,
  type RunningService,
  type Runtime,
} from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  startSmtpSink,
  type SmtpSink,
  type TestPostgres,
} from '@pt/testing';

/** auth asks (`auth.email-requested`), alert-notifier sends — once per event, however often it arrives. */
describeAdapter('auth-email-consumer', 'postgres', postgresAvailability(), () => {
  let pg: TestPostgres;
  let sink: SmtpSink;
  let runtime: Runtime;
  let service: RunningService;
  let dataDir: string;

  beforeAll(async () => {
    pg = await createTestPostgres();
    sink = await startSmtpSink();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-email-'));
    runtime = await createRuntime(
      parseConfig(serviceEnvSchema, {
        DATABASE_URL: pg.url,
        DATA_DIR: dataDir,
        SMTP_URL: sink.url,
        LOG_LEVEL: 'silent',
      }),
      'alert-notifier-test',
    );
    service = await startService(alertNotifierService, runtime);
  });
  afterAll(async () => {
    await service?.close();
    await runtime?.close();
    await sink?.close();
    await pg?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const payload = (email: string): AuthEmailRequestedPayload => ({
    userId: '3b0d1b8e-1111-4a2b-9c3d-000000000001',
    email,
    kind: 'signup',
    name: 'Dana <script>',
    linkUrl: 'http://localhost:8080/?type=signup',
    linkId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  });

  it('sends the confirmation email with the link, and only once when the event is redelivered', async () => {
    const envelope = createEnvelope(Topics.authEmailRequested, 'user-1', payload('dana@example.com'));
    await runtime.bus.publish(Topics.authEmailRequested, envelope);
    await runtime.bus.publish(Topics.authEmailRequested, envelope);
    const mail = await sink.waitFor((m) => m.envelope.to.includes('dana@example.com'));
    expect(mail.subject).toBe('Confirm your email');
    // The token was derived by the notifier from the id; it never was in the event.
    const link = emailLink('http://localhost:8080/?type=signup', '1b4e28ba-2fa1-41d2-883f-0016d3cca427');
    expect(link).toMatch(/^http:\/\/localhost:8080\/\?type=signup&token=[\w-]{43}$/);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('Dana &lt;script&gt;');
    // A third, distinct event is sent: proof that the consumer was still running when the duplicate came.
    await runtime.bus.publish(
      Topics.authEmailRequested,
      createEnvelope(Topics.authEmailRequested, 'user-1', payload('dana@example.com')),
    );
    await sink.waitFor(
      () => sink.messages().filter((m) => m.envelope.to.includes('dana@example.com')).length >= 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages().filter((m) => m.envelope.to.includes('dana@example.com'))).toHaveLength(2);
  });

  it('sends the recovery email and the "someone tried to register" email', async () => {
    await runtime.bus.publish(
      Topics.authEmailRequested,
      createEnvelope(Topics.authEmailRequested, 'user-3', {
        ...payload('rhea@example.com'),
        kind: 'recovery',
        linkUrl: 'http://localhost:8080/?type=recovery',
      }),
    );
    const recovery = await sink.waitFor((m) => m.envelope.to.includes('rhea@example.com'));
    expect(recovery.subject).toBe('Reset your password');
    expect(recovery.text).toContain(
      emailLink('http://localhost:8080/?type=recovery', '1b4e28ba-2fa1-41d2-883f-0016d3cca427'),
    );
    const { linkUrl: _u, linkId: _i, ...attempt } = payload('sol@example.com');
    await runtime.bus.publish(
      Topics.authEmailRequested,
      createEnvelope(Topics.authEmailRequested, 'user-4', { ...attempt, kind: 'signup-attempt' }),
    );
    const warning = await sink.waitFor((m) => m.envelope.to.includes('sol@example.com'));
    expect(warning.subject).toBe('Someone tried to register with your email');
    expect(warning.text).not.toMatch(/https?:/);
  });

  it('sends a malformed request to the dead-letter topic instead of retrying it forever', async () => {
    const dead: unknown[] = [];
    const subscription = await runtime.bus.subscribe(
      deadLetterTopic(Topics.authEmailRequested),
      'test',
      async (envelope) => {
        dead.push(envelope.payload);
      },
    );
    await runtime.bus.publish(
      Topics.authEmailRequested,
      createEnvelope(Topics.authEmailRequested, 'user-2', { email: 'not an email' }),
    );
    const until = Date.now() + 5000;
    while (dead.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
    await subscription.close();
    expect(dead).toHaveLength(1);
  });
});
