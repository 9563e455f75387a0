import { z } from 'zod';
import { IsoDateTimeSchema } from './common';

/** One mail of the embedded mode's file outbox (the FileMailer's `.json` half). */
export const OutboxMailSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

export const OUTBOX_PAGE_MAX = 100;
export const OutboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(OUTBOX_PAGE_MAX).default(50),
});
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

/** `GET /api/v1/admin/outbox`: the newest mails first. */
export const OutboxListResponseSchema = z.object({ messages: z.array(OutboxMailSchema) });
export type OutboxListResponse = z.infer<typeof OutboxListResponseSchema>;
