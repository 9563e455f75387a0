import { Writable } from 'node:stream';
import { createMarketplaceDrivers } from '@pt/marketplaces';
import { clientAddressHeaders, createLogger } from '@pt/platform';
import { startDemoMarketplaces, type DemoMarketplaces, type FaultSpec } from '@pt/testing';
import { HOST_START_TIMEOUT_MS, startCatalogHost, type CatalogHost } from '../support/catalog-host';

/**
 * An expected upstream failure (429, 5xx, timeout, malformed body) is one log line
 * with marketplace, code and duration and no stack; its repeats are summarised, not repeated. The
 * catalog runs against the demo marketplaces with the drivers a host builds (default retries and
 * circuit breaker) and a logger whose lines the test reads back.
 */
describe('upstream failure logs', () => {
  let demo: DemoMarketplaces;
  let catalog: CatalogHost;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    demo = await startDemoMarketplaces({ seed: 'failure-logs' });
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger({ service: 'catalog-test', level: 'info', destination });
    catalog = await startCatalogHost({
      env: demo.env,
      logger,
      // The drivers a host builds, logging to the same place; short back-off, and a breaker that
      // stays closed so that every search really calls the failing marketplace.
      drivers: createMarketplaceDrivers(demo.env, {
        logger: logger.child({ service: 'catalog', component: 'marketplaces' }),
        // Long enough that a loaded machine's slow 500 is still a 500, not also a timeout.
        timeoutMs: 4_000,
        retry: { baseDelayMs: 5, maxDelayMs: 20 },
        breaker: { failureThreshold: 1_000_000 },
      }),
    });
  }, HOST_START_TIMEOUT_MS);
  afterAll(async () => {
    await catalog?.close();
    await demo?.close();
  });
  beforeEach(() => {
    demo.faults.clear();
    lines.length = 0;
  });

  /**
   * `count` distinct searches, `concurrency` at a time, each from its own shopper (one client's
   * calls wait for its two upstream slots); every one must answer 200 (partial).
   */
  async function searches(count: number, concurrency = 10): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const i = next++;
          const res = await catalog.request
            .get('/api/v1/search')
            .query({ q: `earbuds ${i} ${Math.random()}` })
            .set(clientAddressHeaders(`203.0.113.${(i % 250) + 1}`));
          expect(res.status).toBe(200);
        }
      }),
    );
  }

  /** Warnings and errors (pino levels 40 and up): info lines such as a token mint are not failures. */
  const problems = () => lines.filter((l) => Number(l.level) >= 40);

  it.each<[string, FaultSpec['kind'], string, number | undefined]>([
    ['a 5xx', '500', 'unavailable', 500],
    ['a 429', '429', 'rate_limited', 429],
    ['a malformed body', 'malformed', 'bad_response', 200],
    ['a timeout', 'slow', 'timeout', undefined],
  ])(
    'logs %s on every search as one line with marketplace, code and duration, no stack',
    async (_, kind, code, status) => {
      demo.faults.set({ marketplace: 'ebay', kind, times: Infinity, delayMs: 6_000 });
      await searches(kind === 'slow' ? 20 : 200);

      // The first failure is written; its repeats are counted for the summary line, not written:
      // no per-attempt, per-search or per-request lines. On a loaded machine an answer can also
      // outlast the timeout, which is another failure with its own first line: one line per code.
      const logged = problems().filter((l) => l.code === code);
      expect(logged).toHaveLength(1);
      const codes = problems().map((l) => l.code);
      expect(new Set(codes).size).toBe(codes.length);
      expect(logged[0]).toMatchObject({ marketplace: 'ebay', code, durationMs: expect.any(Number) });
      if (status !== undefined) expect(logged[0]).toMatchObject({ status });
      for (const line of lines) {
        expect(line).not.toHaveProperty('err');
        expect(JSON.stringify(line)).not.toMatch(/\n\s+at /);
      }
    },
    120_000,
  );
});
