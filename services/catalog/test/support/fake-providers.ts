import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProviderMode = 'ok' | 'error' | 'slow' | 'malformed';

/**
 * A Frankfurter-shaped rates API and an ipapi.co-shaped geolocation API on 127.0.0.1 (port 0),
 * with scripted failures and a request log.
 */
export class FakeProviders {
  readonly requests: string[] = [];
  ratesMode: ProviderMode = 'ok';
  geoMode: ProviderMode = 'ok';
  rates: Record<string, number> = { EUR: 0.9, GBP: 0.8, JPY: 150, CAD: 1.4 };
  /** Address → country code; anything else answers like ipapi.co for a reserved address. */
  countries: Record<string, [string, string]> = {
    '8.8.8.8': ['US', 'United States'],
    '81.2.69.160': ['GB', 'United Kingdom'],
    '1.1.1.1': ['AU', 'Australia'],
    '41.0.0.1': ['ZA', 'South Africa'],
  };
  /** What `/json/` (the caller itself) answers. */
  self: [string, string] = ['DE', 'Germany'];
  slowMs = 5000;

  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  static async start(): Promise<FakeProviders> {
    const providers = new FakeProviders();
    await new Promise<void>((resolve) => providers.server.listen(0, '127.0.0.1', resolve));
    return providers;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  count(prefix: string): number {
    return this.requests.filter((r) => r.startsWith(prefix)).length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    this.requests.push(url.pathname + url.search);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const mode = url.pathname.startsWith('/rates') ? this.ratesMode : this.geoMode;
    if (mode === 'slow') await new Promise((r) => setTimeout(r, this.slowMs));
    if (res.destroyed) return;
    if (mode === 'error')
      return json(url.pathname.startsWith('/rates') ? 500 : 429, {
        error: true,
        reason: 'RateLimited',
        message: 'Visit https://ipapi.co/ratelimited/ for details',
      });
    if (mode === 'malformed') return json(200, '{"rates": {');

    if (url.pathname === '/rates/latest') {
      return json(200, {
        amount: 1,
        base: url.searchParams.get('base') ?? 'EUR',
        date: '2026-01-15',
        rates: this.rates,
      });
    }
    const geo = /^\/geo\/(?:([^/]+)\/)?json\/$/.exec(url.pathname);
    if (geo) {
      const ip = geo[1];
      const country = ip ? this.countries[decodeURIComponent(ip)] : this.self;
      if (!country) return json(200, { ip, error: true, reason: 'Reserved IP Address', reserved: true });
      return json(200, {
        ip: ip ?? '203.0.113.9',
        country: country[0],
        country_code: country[0],
        country_name: country[1],
        currency: 'USD',
      });
    }
    json(404, { message: 'not found' });
  }
}
