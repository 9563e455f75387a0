import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { Counter } from 'prom-client';
import {
  Topics,
  routeTemplateOf,
  type ApiRequestLogEntry,
  type GatewayRequestLogsPayload,
} from '@pt/contracts';
import { createEnvelope, metricsRegistry, type EventBus, type Logger } from '@pt/platform';
import { edgeUser } from '../auth/edge-user';
import { serviceFor } from '../routes';

const LOGGED = /^\/(api|auth)(\/|$)/;
/** Rows per event: large enough to keep the bus quiet, small enough for one INSERT. */
const BATCH_ROWS = 1000;

const dropped = new Counter({
  name: 'gateway_request_logs_dropped_total',
  help: 'Request log rows dropped because the buffer was full or a batch could not be sent',
  registers: [metricsRegistry],
});
const shipped = new Counter({
  name: 'gateway_request_logs_shipped_total',
  help: 'Request log rows sent to the settings service',
  registers: [metricsRegistry],
});

export interface RequestLogRecorderOptions {
  bus?: EventBus;
  logger: Pick<Logger, 'warn'>;
  flushMs: number;
  bufferMax: number;
}

/**
 * Records every API request without making it wait: the middleware only appends
 * a row to an in-memory buffer when the response finishes; a timer ships the buffer as
 * `gateway.request-logs` batches, which the settings service writes to api_request_logs. When the
 * buffer is full (the bus or the database behind it is slow) new rows are dropped and counted
 * (gateway_request_logs_dropped_total) rather than held, so users never slow down for logging.
 */
export class RequestLogRecorder {
  private buffer: ApiRequestLogEntry[] = [];
  private droppedSinceLastBatch = 0;
  private sending?: Promise<void>;
  private readonly timer?: NodeJS.Timeout;
  private readonly source = `gateway:${randomUUID()}`;

  constructor(private readonly options: RequestLogRecorderOptions) {
    if (options.bus) {
      this.timer = setInterval(() => void this.flush(), options.flushMs);
      this.timer.unref();
    }
  }

  readonly middleware: RequestHandler = (req, res, next) => {
    if (!this.options.bus || !LOGGED.test(req.path)) return next();
    const started = process.hrtime.bigint();
    const path = req.path;
    res.once('finish', () => {
      const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
      this.add({
        route: routeTemplateOf(req.method, path) ?? 'unmatched',
        method: req.method.slice(0, 10),
        statusCode: res.statusCode,
        responseTimeMs: Math.round(elapsedMs * 100) / 100,
        service: serviceFor(path) ?? 'gateway',
        ...userIdOf(req),
        createdAt: new Date().toISOString(),
      });
    });
    next();
  };

  add(entry: ApiRequestLogEntry): void {
    if (this.buffer.length >= this.options.bufferMax) {
      this.droppedSinceLastBatch += 1;
      dropped.inc();
      return;
    }
    this.buffer.push(entry);
  }

  get pending(): number {
    return this.buffer.length;
  }

  /** Ships what is buffered; one send at a time (a slow bus makes the buffer, not requests, wait). */
  flush(): Promise<void> {
    if (this.sending || this.buffer.length === 0 || !this.options.bus)
      return this.sending ?? Promise.resolve();
    const bus = this.options.bus;
    this.sending = (async () => {
      while (this.buffer.length > 0) {
        const entries = this.buffer.splice(0, BATCH_ROWS);
        const payload: GatewayRequestLogsPayload = { entries, dropped: this.droppedSinceLastBatch };
        this.droppedSinceLastBatch = 0;
        try {
          await bus.publish(
            Topics.gatewayRequestLogs,
            createEnvelope(Topics.gatewayRequestLogs, this.source, payload),
          );
          shipped.inc(entries.length);
        } catch (error) {
          dropped.inc(entries.length);
          this.options.logger.warn({ err: error, rows: entries.length }, 'request log batch dropped');
          return;
        }
      }
    })().finally(() => {
      this.sending = undefined;
    });
    return this.sending;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sending;
    await this.flush();
  }
}

function userIdOf(req: IncomingMessage): { userId?: string } {
  const id = edgeUser(req)?.id;
  return id ? { userId: id.slice(0, 100) } : {};
}
