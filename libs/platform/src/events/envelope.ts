import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@pt/contracts';
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
