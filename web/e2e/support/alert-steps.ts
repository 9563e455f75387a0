import { EmailQueueStatusSchema, type EmailQueueStatus } from '@pt/contracts';
import { eventually, type GatewayCall } from '@pt/testing';
import { PASSWORD } from './web-host';

/** A signed-up person's access token, for reading what the API says behind the screens. */
export async function passwordToken(call: GatewayCall, email: string): Promise<string> {
  const session = await call<{ access_token: string }>('POST', '/auth/v1/token?grant_type=password', {
    email,
    password: PASSWORD,
  });
  if (session.status !== 200) throw new Error(`sign-in of ${email}: ${session.status}`);
  return session.body.access_token;
}

/**
 * Waits until the notifier has nothing left to send (no email pending or sending, no job waiting or
 * running) and `decided` holds of its notifications by status: the positive signal that proves a
 * crossing was handled before a test asserts that it mailed nothing. BullMQ's delayed set holds the
 * sweeper's next run, so delayed jobs do not count.
 */
export async function emailPipelineSettled(
  call: GatewayCall,
  adminToken: string,
  decided: (byStatus: EmailQueueStatus['notifications']) => boolean = () => true,
): Promise<void> {
  let last: unknown;
  await eventually(
    async () => {
      const { status, body } = await call('GET', '/api/v1/admin/notifications/emails', undefined, adminToken);
      last = body;
      if (status !== 200) return undefined;
      const { queue, notifications: n } = EmailQueueStatusSchema.parse(body);
      return !n.pending && !n.sending && queue.waiting + queue.active === 0 && decided(n) ? true : undefined;
    },
    { what: 'the email pipeline settled', timeoutMs: 30_000 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}: ${JSON.stringify(last)}`);
  });
}
