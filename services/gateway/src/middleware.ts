import type { Request, RequestHandler } from 'express';

/**
 * Handlers in order as one middleware, as `Router().use(...handlers)` runs them (a thrown error or a
 * rejected promise goes to `next(error)`), without a router's per-request path bookkeeping: the
 * gateway's front door runs for every request, and a router costs more than most of its steps.
 */
export function inOrder(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error === 'route' || error === 'router') return next();
      if (error) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise)
          result.catch((reason: unknown) => next(reason ?? new Error('Rejected')));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

/** `handler` for requests whose path passes `test`; every other request skips it untouched. */
export function onPaths(test: RegExp, handler: RequestHandler): RequestHandler {
  return (req: Request, res, next) => (test.test(req.path) ? handler(req, res, next) : next());
}
