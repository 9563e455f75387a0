import http from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface SseClient {
  events: SseEvent[];
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far, as sent (comments and `retry:` lines included). */
  text: string;
  /** Settles when the server ends the stream (or the client closes it). */
  ended: Promise<void>;
  close(): void;
}

/** A minimal EventSource: parses `id`, `event`, `data` frames as they arrive. */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      let buffer = '';
      const ended = new Promise<void>((done) => res.once('close', () => done()));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        client.text += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const i = line.indexOf(':');
            const field = i < 0 ? line : line.slice(0, i);
            const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
            if (field === 'id') frame.id = value;
            else if (field === 'event') frame.event = value;
            else if (field === 'data') {
              frame.data += (hasData ? '\n' : '') + value;
              hasData = true;
            }
          }
          if (hasData) events.push(frame);
        }
      });
      res.on('error', () => undefined);
      const client: SseClient = {
        events,
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: '',
        ended,
        close: () => req.destroy(),
      };
      resolve(client);
    });
    req.on('error', reject);
  });
}
