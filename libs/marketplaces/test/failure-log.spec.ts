import { UpstreamFailureLog, type UpstreamFailure } from '../src/http/failure-log';

function capture() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: 'warn', fields, message }),
    error: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: 'error', fields, message }),
  };
  return { lines, logger: logger as never };
}

const failure = (overrides: Partial<UpstreamFailure> = {}): UpstreamFailure => ({
  marketplace: 'ebay',
  operation: 'search',
  code: 'unavailable',
  status: 503,
  durationMs: 12.4,
  ...overrides,
});

describe(UpstreamFailureLog.name, () => {
  it('writes one line with marketplace, code, status and duration, and no stack', () => {
    const { lines, logger } = capture();
    new UpstreamFailureLog(logger).report(failure());
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: {
          marketplace: 'ebay',
          operation: 'search',
          code: 'unavailable',
          status: 503,
          durationMs: 12,
        },
        message: 'ebay search failed: unavailable (HTTP 503)',
      },
    ]);
  });

  it('summarises repeats of the same failure in one line when the window ends', () => {
    let now = 0;
    const { lines, logger } = capture();
    const sut = new UpstreamFailureLog(logger, 60_000, () => now);
    for (let i = 0; i < 500; i++) sut.report(failure({ durationMs: i }));
    expect(lines).toHaveLength(1);
    now = 61_000;
    sut.report(failure());
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatchObject({
      level: 'warn',
      fields: { marketplace: 'ebay', code: 'unavailable', repeats: 499, maxDurationMs: 499 },
      message: 'ebay failed 499 more times with unavailable within 60 s',
    });
    sut.flushAll();
  });

  it('keeps different failures apart and logs mistakes of ours as errors', () => {
    const { lines, logger } = capture();
    const sut = new UpstreamFailureLog(logger);
    sut.report(failure());
    sut.report(failure({ code: 'rate_limited', status: 429 }));
    sut.report(failure({ marketplace: 'aliexpress', operation: 'aliexpress.affiliate.product.query' }));
    sut.report(failure({ code: 'auth', status: 401 }));
    expect(lines.map((l) => [l.level, l.fields.marketplace, l.fields.code])).toEqual([
      ['warn', 'ebay', 'unavailable'],
      ['warn', 'ebay', 'rate_limited'],
      ['warn', 'aliexpress', 'unavailable'],
      ['error', 'ebay', 'auth'],
    ]);
    sut.flushAll();
    expect(lines).toHaveLength(4);
  });

  it('writes pending summaries on its own once the window has passed', async () => {
    const { lines, logger } = capture();
    const sut = new UpstreamFailureLog(logger, 50);
    sut.report(failure());
    sut.report(failure());
    sut.report(failure());
    const deadline = Date.now() + 5_000;
    while (lines.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(lines[1]?.fields).toMatchObject({ repeats: 2 });
  });
});
