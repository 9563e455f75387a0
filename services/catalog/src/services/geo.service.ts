import { Inject, Injectable } from '@nestjs/common';
import type { GeoResponse } from '@pt/contracts/catalog-api';
import { DEFAULT_REGION_ID, HOUR_MS, regionForCountry } from '@pt/domain';
import { CLOCK, LOGGER, type Clock, type Logger } from '@pt/platform';
import { z } from 'zod';
import type { CatalogConfig } from '../config';
import { CATALOG_CONFIG, PROVIDER_FETCH } from '../tokens';
import { isPublicIp } from './client-ip';
import type { FetchLike } from './rates-provider';

/** Answers per address are kept an hour (addresses rarely move country; the free quota is small). */
export const GEO_CACHE_TTL_MS = HOUR_MS;
export const GEO_CACHE_MAX_ENTRIES = 10_000;

/** ipapi.co (reference §4): `error: true` (reserved address, rate limited) counts as a failure. */
const ipapiBody = z.object({
  error: z.boolean().optional(),
  reason: z.string().optional(),
  country_code: z.string().nullish(),
  country_name: z.string().nullish(),
});

const DEFAULT_ANSWER: GeoResponse = {
  countryCode: null,
  countryName: null,
  region: DEFAULT_REGION_ID,
  supported: false,
  source: 'default',
};

/**
 * GET /geo: the caller's country via an ipapi.co-shaped provider (3 s timeout, §7) and the region
 * it maps to (§9); an unsupported country or any failure gives the default region 'us' (§4).
 */
@Injectable()
export class GeoService {
  private readonly answers = new Map<string, { answer: GeoResponse; at: number }>();

  constructor(
    @Inject(CATALOG_CONFIG)
    private readonly config: Pick<CatalogConfig, 'GEO_API_URL' | 'GEO_API_TIMEOUT_MS'>,
    @Inject(PROVIDER_FETCH) private readonly fetch: FetchLike,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async locate(ip: string | undefined): Promise<GeoResponse> {
    const base = this.config.GEO_API_URL;
    if (!base) return DEFAULT_ANSWER;
    // A private address (a developer on localhost) is looked up as the server's own address.
    const key = isPublicIp(ip) ? ip : 'self';
    const now = this.clock.now().getTime();
    const cached = this.answers.get(key);
    if (cached && now - cached.at < GEO_CACHE_TTL_MS) return cached.answer;
    const answer = await this.ask(base, key === 'self' ? undefined : key);
    if (answer.source === 'provider') this.remember(key, answer, now);
    return answer;
  }

  private async ask(base: string, ip: string | undefined): Promise<GeoResponse> {
    const url = `${base.replace(/\/+$/, '')}/${ip ? `${encodeURIComponent(ip)}/` : ''}json/`;
    try {
      const response = await this.fetch(url, {
        signal: AbortSignal.timeout(this.config.GEO_API_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`geolocation provider answered ${response.status}`);
      const body = ipapiBody.parse(await response.json());
      if (body.error || !body.country_code)
        throw new Error(`geolocation failed: ${body.reason ?? 'no country'}`);
      const region = regionForCountry(body.country_code);
      return {
        countryCode: body.country_code.toUpperCase(),
        countryName: body.country_name ?? null,
        region: region ?? DEFAULT_REGION_ID,
        supported: region !== undefined,
        source: 'provider',
      };
    } catch (error) {
      this.logger.warn({ err: error }, 'geolocation failed; default region');
      return DEFAULT_ANSWER;
    }
  }

  private remember(key: string, answer: GeoResponse, at: number): void {
    if (this.answers.size >= GEO_CACHE_MAX_ENTRIES) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    this.answers.set(key, { answer, at });
  }
}
