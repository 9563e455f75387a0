import { randomUUID } from 'node:crypto';
import { parseEventPayload, type EventEnvelope, type EventPayloads, type Topic } from '@pt/contracts';
import { PoisonMessageError } from './event-bus.port';
import { currentTraceparent } from '../telemetry/telemetry';

export interface CreateEnvelopeOptions {
  /**
   * W3C trace context of the work that caused the event, so consumers continue the trace.
   * Defaults to the active trace.
   */
  traceparent?: string;
  /** Payload schema version (default 1); bump it when the payload changes incompatibly. */
  version?: number;
  now?: Date;
}

/** A new event with a fresh id. `key` orders it: the product or user it is about (ARCHITECTURE §3). */
export function createEnvelope<P>(
  type: string,
  key: string,
  payload: P,
  options: CreateEnvelopeOptions = {},
): EventEnvelope<P> {
  return {
    id: randomUUID(),
    type,
    version: options.version ?? 1,
    occurredAt: (options.now ?? new Date()).toISOString(),
    key,
    ...withTrace(options.traceparent ?? currentTraceparent()),
    payload,
  };
}

function withTrace(traceparent: string | undefined): { traceparent?: string } {
  return traceparent ? { traceparent } : {};
}

/**
 * The payload of `envelope`, checked against `topic`'s schema. A message failing it can never
 * succeed, so it is poison: straight to the DLQ instead of retries.
 */
export function payloadOf<T extends Topic>(topic: T, envelope: unknown): EventPayloads[T] {
  const parsed = parseEventPayload(topic, envelope);
  if (!parsed.success) throw new PoisonMessageError(parsed.error);
  return parsed.envelope.payload;
}
