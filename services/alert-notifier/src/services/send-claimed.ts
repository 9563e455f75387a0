import type { JobContext, Logger, MailMessage, Mailer } from '@pt/platform';
import { emailsTotal } from '../metrics';

/** A claimed row's mail and the marks its repository sets as the send goes on. */
export interface ClaimedSend {
  kind: 'price-drop' | 'digest';
  message: MailMessage;
  /** How the log names the row ({ notificationId } or { digestId }). */
  row: Record<string, string>;
  handOff(): Promise<void>;
  failed(reason: string, final: boolean): Promise<void>;
  sent(messageId: string): Promise<void>;
}

/**
 * The send step shared by price-drop emails and digests, once their row is claimed: marked handed
 * off (from here on it may have been sent), given to SMTP, then marked sent. A failure puts the row
 * back for the queue's next try, or fails it for good after the last (`attempts`), and is thrown
 * so the queue retries with back-off.
 */
export async function sendClaimed(
  deps: { mailer: Mailer; logger: Logger; attempts: number },
  ctx: Pick<JobContext, 'attempt'>,
  send: ClaimedSend,
): Promise<'sent'> {
  await send.handOff();
  let messageId: string;
  try {
    messageId = (await deps.mailer.send(send.message)).messageId;
  } catch (error) {
    const final = ctx.attempt >= deps.attempts;
    const reason = error instanceof Error ? error.message : String(error);
    await send.failed(reason, final);
    emailsTotal.inc({ kind: send.kind, outcome: final ? 'failed' : 'retry' });
    deps.logger.warn(
      { ...send.row, attempt: ctx.attempt, final, err: reason },
      `${send.kind} email not sent`,
    );
    throw error;
  }
  await send.sent(messageId);
  emailsTotal.inc({ kind: send.kind, outcome: 'sent' });
  return 'sent';
}
