import { Router, type RequestHandler } from 'express';
import { OutboxQuerySchema, type OutboxListResponse, type OutboxMail } from '@pt/contracts';
import { AppError, parseRequest, redactSecretText, requireAdmin, type StoredMail } from '@pt/platform';

export const OUTBOX_PATH = '/api/v1/admin/outbox';

/** What the route reads: the embedded host's FileMailer. */
export interface OutboxReader {
  list(limit?: number): Promise<StoredMail[]>;
}

/**
 * A mail as the viewer shows it: who it went to, when, its subject and its body with every
 * token-bearing link masked. A confirmation, recovery or unsubscribe link works for whoever holds
 * it, and the admin role must not be a key to every account; the raw file stays on disk for the
 * operator of the machine.
 */
const toMail = (mail: StoredMail): OutboxMail => ({
  id: mail.id,
  messageId: mail.messageId,
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: redactSecretText(mail.text),
  html: mail.html === null ? null : redactSecretText(mail.html),
  createdAt: mail.createdAt,
});

/**
 * `GET /api/v1/admin/outbox`: the mails the embedded mode wrote to
 * DATA_DIR/outbox, newest first, one bounded page, their links' secrets masked (`toMail`); admins
 * only (401 anonymous, 403 others). Without an outbox (distributed mode, or SMTP_URL set) the route
 * answers 404 saying where mail goes instead.
 */
export function outboxRoute(outbox: OutboxReader | undefined): RequestHandler {
  const router = Router().get([OUTBOX_PATH, `${OUTBOX_PATH}/`], (req, res, next) => {
    if (!outbox)
      return next(
        AppError.notFound(
          'No outbox here: this deployment sends mail over SMTP (the outbox exists in the embedded mode)',
          'no_outbox',
        ),
      );
    try {
      requireAdmin(req.headers);
      const { limit } = parseRequest(OutboxQuerySchema, req.query, 'query');
      outbox.list(limit).then((mails) => {
        const body: OutboxListResponse = { messages: mails.map(toMail) };
        res.json(body);
      }, next);
    } catch (error) {
      next(error);
    }
  });
  // Every request passes here on its way to a service: only the outbox's own path enters the router.
  return (req, res, next) =>
    req.path.toLowerCase().startsWith(OUTBOX_PATH) ? router(req, res, next) : next();
}
