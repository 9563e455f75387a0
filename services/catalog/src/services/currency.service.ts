import { Inject, Injectable } from '@nestjs/common';
import type { CurrencyConvertRequest, CurrencyConvertResponse } from '@pt/contracts/catalog-api';
import {
  CONVERSION_ERRORS,
  FALLBACK_RATES_PER_USD,
  convertCurrency,
  isCurrencyCacheFresh,
  type RateTable,
} from '@pt/domain';
import { AppError, CLOCK, LOGGER, type Clock, type Logger } from '@pt/platform';
import type { CatalogConfig } from '../config';
import { conversionsTotal } from '../metrics';
import { CATALOG_CONFIG, PROVIDER_FETCH } from '../tokens';
import { fetchFrankfurterRates, type FetchLike, type RatesSnapshot } from './rates-provider';

/** After a failed rates fetch the provider is left alone this long (the fallback table answers). */
export const RATES_RETRY_AFTER_FAILURE_MS = 60_000;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** JSON numbers, and numeric strings from form posts; anything else is not an amount. */
const amountOf = (value: unknown): number =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim() !== ''
      ? Number(value)
      : Number.NaN;

/** 400 with the §5 message; the code tells the two apart. */
const conversionError = (message: string): AppError =>
  AppError.badRequest(
    message,
    undefined,
    message === CONVERSION_ERRORS.invalidAmount ? 'invalid_amount' : 'invalid_currency',
  );

/**
 * POST /currency/convert (§7): live rates from a Frankfurter-shaped provider, kept 30 minutes
 * (§9); the §9 table with source 'fallback' when the provider is unset, failing, or lacks a code.
 * The §5 checks and messages come from the domain rule.
 */
@Injectable()
export class CurrencyService {
  private snapshot?: RatesSnapshot;
  private refreshing?: Promise<RatesSnapshot | undefined>;
  private failedAt?: number;

  constructor(
    @Inject(CATALOG_CONFIG)
    private readonly config: Pick<CatalogConfig, 'CURRENCY_API_URL' | 'CURRENCY_API_TIMEOUT_MS'>,
    @Inject(PROVIDER_FETCH) private readonly fetch: FetchLike,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async convert(body: CurrencyConvertRequest): Promise<CurrencyConvertResponse> {
    const amount = amountOf(body.amount);
    const checked = convertCurrency(amount, text(body.fromCurrency), text(body.toCurrency));
    if (!checked.ok) throw conversionError(checked.error);
    const { fromCurrency, toCurrency } = checked.value;
    const live = await this.liveRates();
    if (live && live.snapshot.ratesPerUsd[fromCurrency] && live.snapshot.ratesPerUsd[toCurrency]) {
      const converted = convertCurrency(
        amount,
        fromCurrency,
        toCurrency,
        live.snapshot.ratesPerUsd as RateTable,
      );
      if (converted.ok) {
        conversionsTotal.inc({ source: live.source });
        return {
          ...converted.value,
          isConverted: fromCurrency !== toCurrency,
          lastUpdated: live.snapshot.fetchedAt.toISOString(),
          source: live.source,
        };
      }
    }
    const fallback = convertCurrency(amount, fromCurrency, toCurrency, FALLBACK_RATES_PER_USD);
    if (!fallback.ok) throw conversionError(fallback.error);
    conversionsTotal.inc({ source: 'fallback' });
    return {
      ...fallback.value,
      isConverted: fromCurrency !== toCurrency,
      lastUpdated: this.clock.now().toISOString(),
      source: 'fallback',
    };
  }

  /** The cached rates while fresh, else one fetch shared by concurrent callers; undefined → fallback. */
  private async liveRates(): Promise<{ snapshot: RatesSnapshot; source: 'live' | 'cache' } | undefined> {
    const url = this.config.CURRENCY_API_URL;
    if (!url) return undefined;
    const now = this.clock.now();
    if (this.snapshot && isCurrencyCacheFresh(this.snapshot.fetchedAt, now))
      return { snapshot: this.snapshot, source: 'cache' };
    if (this.failedAt !== undefined && now.getTime() - this.failedAt < RATES_RETRY_AFTER_FAILURE_MS)
      return undefined;
    this.refreshing ??= fetchFrankfurterRates(url, {
      fetch: this.fetch,
      timeoutMs: this.config.CURRENCY_API_TIMEOUT_MS,
      now: () => this.clock.now(),
    })
      .then((snapshot) => {
        this.snapshot = snapshot;
        this.failedAt = undefined;
        return snapshot;
      })
      .catch((error: unknown) => {
        this.failedAt = this.clock.now().getTime();
        this.logger.warn({ err: error }, 'exchange rates unavailable; using the fallback table');
        return undefined;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    const snapshot = await this.refreshing;
    return snapshot ? { snapshot, source: 'live' } : undefined;
  }
}
