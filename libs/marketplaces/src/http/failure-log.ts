import type { Logger } from '@pt/platform';

type WarnLogger = Pick<Logger, 'warn' | 'error'>;

/** What one failed marketplace call says in the log: who, what, which code, how long. No stack. */
export interface UpstreamFailure {
  marketplace: string;
  operation: string;
  /** The MarketplaceError code (rate_limited, unavailable, timeout, bad_response, quota, …). */
  code: string;
  /** The HTTP status the marketplace answered, when it answered. */
  status?: number;
  durationMs: number;
  /** A short reason (the marketplace's own message, truncated); never a body or a secret. */
  detail?: string;
}

/** Codes that are a marketplace having a bad moment, not a mistake of ours: warn, not error. */
const EXPECTED = new Set([
  'rate_limited',
  'timeout',
  'network',
  'unavailable',
  'circuit_open',
  'bad_response',
  'quota',
]);

export const DEFAULT_FAILURE_LOG_WINDOW_MS = 60_000;

interface Window {
  first: UpstreamFailure;
  startedAt: number;
  repeats: number;
  maxDurationMs: number;
  timer?: NodeJS.Timeout;
}

/**
 * Quiet, useful upstream-failure logs. The first failure of a kind (marketplace,
 * code, status) is one line; repeats within the window are counted, and one summary line says how
 * many there were when the window ends. A marketplace that answers 500 to 2,000 searches in a
 * minute costs two log lines, not 2,000 stacks.
 */
export class UpstreamFailureLog {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly logger: WarnLogger | undefined,
    private readonly windowMs = DEFAULT_FAILURE_LOG_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  report(failure: UpstreamFailure): void {
    if (!this.logger) return;
    const key = `${failure.marketplace}|${failure.code}|${failure.status ?? ''}`;
    const now = this.now();
    const open = this.windows.get(key);
    if (open && now - open.startedAt < this.windowMs) {
      open.repeats++;
      open.maxDurationMs = Math.max(open.maxDurationMs, failure.durationMs);
      // The summary is written when the window closes, even if no further failure comes.
      open.timer ??= setTimeout(() => this.flush(key), this.windowMs - (now - open.startedAt)).unref();
      return;
    }
    if (open) this.flush(key);
    this.windows.set(key, { first: failure, startedAt: now, repeats: 0, maxDurationMs: failure.durationMs });
    const level = EXPECTED.has(failure.code) ? 'warn' : 'error';
    this.logger[level](
      { ...failure, durationMs: Math.round(failure.durationMs) },
      `${failure.marketplace} ${failure.operation} failed: ${failure.code}${failure.status ? ` (HTTP ${failure.status})` : ''}`,
    );
  }

  /** Writes the pending summaries now (tests, shutdown). */
  flushAll(): void {
    for (const key of [...this.windows.keys()]) this.flush(key);
  }

  private flush(key: string): void {
    const window = this.windows.get(key);
    if (!window) return;
    this.windows.delete(key);
    if (window.timer) clearTimeout(window.timer);
    if (window.repeats === 0 || !this.logger) return;
    const { marketplace, code, status } = window.first;
    const seconds = Math.round(this.windowMs / 1000);
    const level = EXPECTED.has(code) ? 'warn' : 'error';
    this.logger[level](
      {
        marketplace,
        code,
        ...(status !== undefined ? { status } : {}),
        repeats: window.repeats,
        maxDurationMs: Math.round(window.maxDurationMs),
      },
      `${marketplace} failed ${window.repeats} more times with ${code} within ${seconds} s`,
    );
  }
}
