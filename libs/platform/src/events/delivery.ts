import { withTraceparent } from '../telemetry/telemetry';
import { randomUUID } from 'node:crypto';
import { EventEnvelopeSchema, type DeadLetter, type EventEnvelope } from '@pt/contracts';
import type { Logger } from '../logger';
import { PoisonMessageError, type EventHandler, type SubscribeOptions } from './event-bus.port';

/** The logger calls the event code makes; pino's Logger fits. */
export type EventsLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

/**
 * Envelope type of the messages on `<topic>.dlq`: the payload is a DeadLetter. DLQ messages travel
 * in an envelope so the same subscribe() reads them.
 */
export const DEAD_LETTER_EVENT_TYPE = 'dead-letter';

/**
 * Ten attempts wait 100 ms, 200 ms, … 25.6 s in between: 51 s in all, so a message whose handler
 * fails because its database or broker is restarting (seconds) is handled once it is back, not
 * dead-lettered and lost. A message that can never be handled says so (PoisonMessageError) and
 * goes to the DLQ at once.
 */
export const DEFAULT_MAX_ATTEMPTS = 10;
export const DEFAULT_RETRY_BACKOFF_MS = 100;
/** A long outage should not turn into hour-long waits between attempts. */
const MAX_BACKOFF_MS = 30_000;

export interface DeliveryPolicy {
  maxAttempts: number;
  retryBackoffMs: number;
}

export function resolvePolicy(options: SubscribeOptions = {}): DeliveryPolicy {
  return {
    maxAttempts: Math.max(1, Math.floor(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)),
    retryBackoffMs: Math.max(0, options.retryBackoffMs ?? DEFAULT_RETRY_BACKOFF_MS),
  };
}

/** Wait after failed attempt n (1-based): base, 2×base, 4×base, … */
export function backoffMs(policy: DeliveryPolicy, attempt: number): number {
  return Math.min(policy.retryBackoffMs * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * A consumer's stop switch. `close()` is graceful (the running handler finishes, back-off waits end
 * early); `crash()` also abandons the running handler, as a dead process would.
 */
export class Stopper {
  stopping = false;
  crashed = false;
  private wake: (() => void)[] = [];
  private crashListeners: (() => void)[] = [];
  readonly whenCrashed = new Promise<void>((resolve) => this.crashListeners.push(resolve));

  close(): void {
    this.stopping = true;
    for (const wake of this.wake.splice(0)) wake();
  }

  crash(): void {
    this.crashed = true;
    this.close();
    for (const listener of this.crashListeners.splice(0)) listener();
  }

  /** Resolves true after ms, or false as soon as the consumer stops. */
  sleep(ms: number): Promise<boolean> {
    if (this.stopping) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (slept: boolean) => {
        clearTimeout(timer);
        this.wake = this.wake.filter((w) => w !== onStop);
        resolve(slept);
      };
      const onStop = () => done(false);
      const timer = setTimeout(() => done(true), ms);
      this.wake.push(onStop);
    });
  }
}

export type DeliveryOutcome =
  | { kind: 'handled'; attempts: number }
  | { kind: 'dead'; attempts: number; error: string }
  /** The consumer stopped before success: leave the message unacknowledged for redelivery. */
  | { kind: 'unacked'; attempts: number };

export interface DeliveryRun {
  topic: string;
  group: string;
  handler: EventHandler;
  policy: DeliveryPolicy;
  /** Attempt number of this delivery: 1, or more when the broker redelivers. */
  firstAttempt: number;
  stopper: Stopper;
  /** Called before each in-process retry, e.g. so the broker counts the attempt. */
  beforeRetry?: (attempt: number) => Promise<void>;
  logger?: EventsLogger;
}

const ABANDONED = Symbol('abandoned');

/**
 * Hands one message to the handler with retries and exponential back-off, in this process, so the
 * message blocks its key (or partition) meanwhile and per-key order survives failures. Says what
 * to do with the message; the adapter acknowledges or dead-letters it.
 */
export async function deliver(envelope: EventEnvelope, run: DeliveryRun): Promise<DeliveryOutcome> {
  const { topic, group, policy, stopper } = run;
  // Redelivered more often than allowed: the consumers handling it died each time (a message that
  // crashes the process). Retrying again would crash the next one.
  if (run.firstAttempt > policy.maxAttempts) {
    return {
      kind: 'dead',
      attempts: run.firstAttempt - 1,
      error: `no acknowledgement after ${run.firstAttempt - 1} deliveries (its consumers stopped while handling it)`,
    };
  }
  for (let attempt = run.firstAttempt; ; attempt++) {
    try {
      // The handler joins the trace of the work that produced the event (ARCHITECTURE §3).
      const handled = withTraceparent(envelope.traceparent, () =>
        run.handler(envelope, { topic, group, attempt }),
      );
      // An abandoned handler may still settle later; nobody listens then.
      handled.catch(() => undefined);
      const result = await Promise.race([handled, stopper.whenCrashed.then(() => ABANDONED)]);
      if (result === ABANDONED) return { kind: 'unacked', attempts: attempt };
      return { kind: 'handled', attempts: attempt };
    } catch (error) {
      if (stopper.crashed) return { kind: 'unacked', attempts: attempt };
      if (error instanceof PoisonMessageError || attempt >= policy.maxAttempts) {
        return { kind: 'dead', attempts: attempt, error: errorText(error) };
      }
      run.logger?.warn(
        { topic, group, eventId: envelope.id, attempt, err: error },
        'event handler failed; will retry',
      );
    }
    if (!(await stopper.sleep(backoffMs(policy, attempt)))) return { kind: 'unacked', attempts: attempt };
    await run.beforeRetry?.(attempt + 1);
  }
}

/** The envelope published to `<topic>.dlq`, keyed like the original so the DLQ keeps its order. */
export function deadLetterEnvelope(
  letter: Omit<DeadLetter, 'failedAt'>,
  key: string,
  traceparent?: string,
): EventEnvelope<DeadLetter> {
  const failedAt = new Date().toISOString();
  return {
    id: randomUUID(),
    type: DEAD_LETTER_EVENT_TYPE,
    version: 1,
    occurredAt: failedAt,
    key: key || 'unknown',
    ...(traceparent ? { traceparent } : {}),
    payload: { ...letter, failedAt },
  };
}

export type ParsedEnvelope =
  { ok: true; envelope: EventEnvelope } | { ok: false; error: string; raw: unknown; key: string };

/** An entry another writer put there may be anything; it goes to the DLQ rather than stall the partition. */
export function parseEnvelope(raw: string | undefined): ParsedEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch (error) {
    return { ok: false, error: `unreadable envelope: ${errorText(error)}`, raw: raw ?? null, key: 'unknown' };
  }
  const result = EventEnvelopeSchema.safeParse(json);
  if (result.success) return { ok: true, envelope: result.data };
  const key =
    typeof (json as { key?: unknown })?.key === 'string' ? (json as { key: string }).key : 'unknown';
  return { ok: false, error: `invalid envelope: ${result.error.message}`, raw: json, key };
}
