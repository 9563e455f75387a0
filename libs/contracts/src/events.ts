import { z } from 'zod';

/**
 * Topic names are persisted (Kafka topics, Redis stream keys, outbox rows) — never rename.
 * ARCHITECTURE §3.
 */
export const Topics = {
  priceObserved: 'price.observed',
  priceChanged: 'price.changed',
  trackingChanged: 'tracking.changed',
  wishlistItemAlertChanged: 'wishlist.item-alert-changed',
  authUserChanged: 'auth.user-changed',
  authEmailRequested: 'auth.email-requested',
  settingsChanged: 'settings.changed',
} as const;
export type Topic = (typeof Topics)[keyof typeof Topics];
export const ALL_TOPICS: readonly Topic[] = Object.values(Topics);

/** Where messages that fail validation or keep failing go, with the error. Persisted — never rename. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

/** The envelope every event travels in (ARCHITECTURE §3). `key` orders events per product or user. */
export const EventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime({ offset: true }),
  key: z.string().min(1),
  traceparent: z.string().optional(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'payload'> & { payload: P };

/** What a dead-letter message carries besides the original envelope. */
export const DeadLetterSchema = z.object({
  topic: z.string(),
  group: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  failedAt: z.string(),
  envelope: z.unknown(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;
