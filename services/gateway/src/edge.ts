import type { RequestHandler } from 'express';
import { MemoryRateLimiter, type EventBus, type Logger, type RateLimiter } from '@pt/platform';
import { API_DOCS_PATHS, apiDocsRouter } from './api-docs/api-docs.route';
import { inOrder, onPaths } from './middleware';
import { EVENTS_PATH, eventsRoute } from './events-stream/events.route';
import { SettingsFeed } from './events-stream/settings-feed';
import type { StreamSlots } from './events-stream/stream-slots';
import { apiNoStore } from './policies/caching';
import { responseCompression } from './policies/compression';
import { corsPolicy } from './policies/cors';
import { maintenanceGate } from './policies/maintenance';
import {
  byCallerAddress,
  byClientAddress,
  byRecalledUser,
  byUser,
  generalRateLimit,
} from './policies/rate-limit';
import { RequestLogRecorder } from './request-logs/request-log-recorder';
import { gatewayPolicyEnvSchema, type GatewayPolicyEnv } from './policies/policy-env';

export interface GatewayEdgeOptions {
  logger: Logger;
  /** settings.changed arrives here (maintenance switch, SSE); without it neither works. */
  bus?: EventBus;
  /** Shared counters for the general rate limit (Redis in distributed mode). */
  rateLimiter?: RateLimiter;
  /** The gateway's policy variables; defaults for what is missing. */
  config?: Partial<GatewayPolicyEnv>;
}

/**
 * What the gateway does at the front door besides identity: the pieces that run before
 * the token is verified, and those that need the verified user. Started before the app is built
 * (it subscribes to the bus), closed with the server.
 */
export class GatewayEdge {
  private readonly events: ReturnType<typeof eventsRoute>;
  private ownsLimiter = false;

  private constructor(
    readonly config: GatewayPolicyEnv,
    readonly feed: SettingsFeed,
    private readonly logger: Logger,
    private readonly rateLimiter: RateLimiter,
    readonly requestLogs: RequestLogRecorder,
  ) {
    this.events = eventsRoute(feed, {
      perClient: config.SSE_STREAMS_PER_CLIENT,
      total: config.SSE_STREAMS_MAX,
      idleMs: config.SSE_IDLE_MS,
      clientKey: (req) => byUser(req) ?? byClientAddress(req) ?? 'unknown',
    });
  }

  static async start({ logger, bus, rateLimiter, config = {} }: GatewayEdgeOptions): Promise<GatewayEdge> {
    const parsed = gatewayPolicyEnvSchema.parse({});
    const merged: GatewayPolicyEnv = { ...parsed, ...config };
    const feed = new SettingsFeed(logger);
    if (bus) await feed.start(bus);
    else logger.warn('no event bus: maintenance mode and the settings stream stay off');
    const requestLogs = new RequestLogRecorder({
      bus,
      logger,
      flushMs: merged.REQUEST_LOG_FLUSH_MS,
      bufferMax: merged.REQUEST_LOG_BUFFER_MAX,
    });
    const edge = new GatewayEdge(merged, feed, logger, rateLimiter ?? new MemoryRateLimiter(), requestLogs);
    edge.ownsLimiter = !rateLimiter;
    return edge;
  }

  /** Before the token is verified. */
  get beforeAuth(): RequestHandler {
    return inOrder(
      // First, so every answer is logged, the gateway's own refusals (429, 503, CORS) included.
      this.requestLogs.middleware,
      responseCompression(),
      corsPolicy(this.config.CORS_ORIGINS),
      apiNoStore,
      // By address before the token is checked, so floods of bad tokens cost no verification;
      // with it, in the same round trip, the user of a token verified recently.
      generalRateLimit(
        this.rateLimiter,
        [
          { keyOf: byCallerAddress, limit: this.config.GATEWAY_RATE_LIMIT_IP_PER_MINUTE },
          { keyOf: byRecalledUser, limit: this.config.GATEWAY_RATE_LIMIT_USER_PER_MINUTE },
        ],
        this.logger,
      ),
    );
  }

  /** Event streams open now, per client and overall. */
  get streams(): Pick<StreamSlots, 'size' | 'heldBy'> {
    return this.events.slots;
  }

  /** After the token is verified (the verified role decides). */
  get afterAuth(): RequestHandler {
    const eventsRouter: RequestHandler = (req, res, next) =>
      req.method === 'GET' && (req.path === EVENTS_PATH || req.path === `${EVENTS_PATH}/`)
        ? this.events.handler(req, res, next)
        : next();
    return inOrder(
      // Users not counted before the token was checked (a token new to this process).
      generalRateLimit(
        this.rateLimiter,
        [{ keyOf: byUser, limit: this.config.GATEWAY_RATE_LIMIT_USER_PER_MINUTE }],
        this.logger,
      ),
      maintenanceGate(() => this.feed.maintenanceMode, this.config.MAINTENANCE_RETRY_AFTER_S),
      eventsRouter,
      onPaths(API_DOCS_PATHS, apiDocsRouter()),
    );
  }

  /**
   * Ends open event streams and refuses new ones: call before draining the server, whose drain
   * would otherwise wait for them until its deadline.
   */
  endStreams(): void {
    this.events.closeAll();
  }

  /** Ends open streams, then ships the last request logs: call after the server has drained. */
  async close(): Promise<void> {
    this.endStreams();
    await this.feed.close();
    await this.requestLogs.close();
    if (this.ownsLimiter) await this.rateLimiter.close();
  }
}
