import type { Request, RequestHandler } from 'express';
import { SSE_SETTINGS_CHANGED, type SettingsChangedStreamEvent } from '@pt/contracts';
import { SETTING_KEYS } from '@pt/domain';
import { errorBody } from '@pt/platform';
import type { SettingsFeed } from './settings-feed';
import { StreamSlots } from './stream-slots';

export const EVENTS_PATH = '/api/v1/events';

/** SSE comment lines keep idle connections open through proxies that cut silent ones. */
const HEARTBEAT_MS = 25_000;
/** What browsers wait before reconnecting (EventSource `retry`). */
const RETRY_MS = 3_000;

export interface EventStreamLimits {
  /** Streams one client (verified user, else address key) may hold at once. */
  perClient: number;
  /** Streams this process holds at most, all clients together. */
  total: number;
  /** A stream with no event for this long is ended with a retry hint; the browser reconnects. */
  idleMs: number;
  /** Who a stream counts against. */
  clientKey: (req: Request) => string;
}

const frame = (event: string, id: number, data: unknown): string =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Last-Event-ID header (what EventSource sends on reconnect), or ?lastEventId= for other clients. */
function lastEventId(header: string | undefined, query: unknown): number | undefined {
  const raw = header ?? (typeof query === 'string' ? query : undefined);
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/**
 * `GET /api/v1/events`: settings.changed pushed to browsers as Server-Sent
 * Events, id = the setting's revision. A new connection gets a `ready` event carrying the current
 * revision as its id, so even a client that saw no change has a Last-Event-ID to reconnect with,
 * preceded by the current maintenance_mode change if the feed holds one; a reconnect gets the
 * latest change of every key written after that revision.
 */
export function eventsRoute(
  feed: SettingsFeed,
  limits: EventStreamLimits,
): {
  handler: RequestHandler;
  /** Ends every open stream and refuses new ones (503 + Retry-After) from then on. */
  closeAll(): void;
  slots: StreamSlots;
} {
  const open = new Set<() => void>();
  const slots = new StreamSlots(limits);
  // A refused client's slot frees when one of its streams ends, at the latest when it idles out.
  const retryAfterS = String(Math.max(1, Math.ceil(Math.min(limits.idleMs, 60_000) / 1000)));
  let closed = false;
  const handler: RequestHandler = (req, res) => {
    // A stopping gateway opens no stream: it would hold the drain to its deadline.
    if (closed) {
      res.setHeader('Retry-After', String(Math.ceil(RETRY_MS / 1000)));
      res.status(503).json(errorBody('service_unavailable', 'The server is restarting. Please try again.'));
      return;
    }
    const slot = slots.acquire(limits.clientKey(req));
    if ('refused' in slot) {
      res.setHeader('Retry-After', retryAfterS);
      res
        .status(429)
        .json(
          errorBody(
            'too_many_streams',
            slot.refused === 'client'
              ? 'Too many open event streams from this client. Close one and try again.'
              : 'Too many open event streams. Please try again later.',
          ),
        );
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    // nginx-style proxies buffer responses unless told otherwise.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);

    // Idle streams end: a tab that is gone, or a client holding sockets, frees its
    // slot; a live EventSource reconnects after `retry` with Last-Event-ID and misses nothing.
    let idle: NodeJS.Timeout | undefined;
    const endIdle = () => {
      res.write(`retry: ${RETRY_MS}\n\n`);
      res.end();
    };
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(endIdle, limits.idleMs);
      idle.unref();
    };
    const send = (event: SettingsChangedStreamEvent) => {
      res.write(frame(SSE_SETTINGS_CHANGED, event.revision, event));
      touch();
    };
    const after = lastEventId(req.header('last-event-id'), req.query.lastEventId);
    // Subscribe before catching up, so a change landing in between is not lost (a duplicate is
    // harmless: the loader just reloads).
    const unsubscribe = feed.onChange(send);
    res.write(`retry: ${RETRY_MS}\n\n`);
    if (after === undefined) {
      // maintenance_mode is not public, so a page loaded while it is on would learn it only from
      // some API call's 503: give every new connection its current state. Before `ready`, so the
      // client's Last-Event-ID ends at the current revision, not at this older one.
      const maintenance = feed.current(SETTING_KEYS.maintenanceMode);
      if (maintenance) send(maintenance);
      res.write(frame('ready', feed.revision, { revision: feed.revision }));
    } else {
      for (const event of feed.since(after)) send(event);
      res.write(frame('ready', Math.max(after, feed.revision), { revision: feed.revision }));
    }
    touch();
    // Comments keep proxies from cutting the line; they are not events, so they do not count as use.
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => res.end();
    open.add(end);
    res.on('close', () => {
      clearInterval(heartbeat);
      clearTimeout(idle);
      unsubscribe();
      open.delete(end);
      slot.release();
    });
  };
  return {
    handler,
    slots,
    // Streams never end on their own: a server closing waits for them unless they are ended.
    closeAll: () => {
      closed = true;
      for (const end of [...open]) end();
    },
  };
}
