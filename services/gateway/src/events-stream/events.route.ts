import type { RequestHandler } from 'express';
import { SSE_SETTINGS_CHANGED, type SettingsChangedStreamEvent } from '@pt/contracts';
import { SETTING_KEYS } from '@pt/domain';
import type { SettingsFeed } from './settings-feed';

export const EVENTS_PATH = '/api/v1/events';

/** SSE comment lines keep idle connections open through proxies that cut silent ones. */
const HEARTBEAT_MS = 25_000;
/** What browsers wait before reconnecting (EventSource `retry`). */
const RETRY_MS = 3_000;

const frame = (event: string, id: number, data: unknown): string =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Last-Event-ID header (what EventSource sends on reconnect), or ?lastEventId= for other clients. */
function lastEventId(header: string | undefined, query: unknown): number | undefined {
  const raw = header ?? (typeof query === 'string' ? query : undefined);
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/**
 * `GET /api/v1/events` (issue 13 item 2): settings.changed pushed to browsers as Server-Sent
 * Events, id = the setting's revision. A new connection gets a `ready` event carrying the current
 * revision as its id, so even a client that saw no change has a Last-Event-ID to reconnect with,
 * preceded by the current maintenance_mode change if the feed holds one; a reconnect gets the
 * latest change of every key written after that revision.
 */
export function eventsRoute(feed: SettingsFeed): { handler: RequestHandler; closeAll(): void } {
  const open = new Set<() => void>();
  const handler: RequestHandler = (req, res) => {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    // nginx-style proxies buffer responses unless told otherwise.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);

    const send = (event: SettingsChangedStreamEvent) => {
      res.write(frame(SSE_SETTINGS_CHANGED, event.revision, event));
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
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => res.end();
    open.add(end);
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    });
  };
  return {
    handler,
    // Streams never end on their own: a server closing waits for them unless they are ended.
    closeAll: () => {
      for (const end of [...open]) end();
    },
  };
}
