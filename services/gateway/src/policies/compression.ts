import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * gzip/brotli for responses over 1 KB. Never for the SSE stream: compression
 * buffers, and a buffered event is a late event.
 */
export function responseCompression(): RequestHandler {
  const compress = compression({
    threshold: 1024,
    filter: (req, res) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
  // A client that accepts no encoding (API scripts, probes, other services) gets the body as is;
  // the wrapping of write/end and the header hook would cost it time for nothing.
  return (req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next());
}
