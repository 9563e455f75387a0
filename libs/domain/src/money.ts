import { Result, err, ok } from './result';
import { Instant, MINUTE_MS, toEpochMs } from './time';

/** §9: fallback rates per 1 USD, used when the conversion service fails. USD is the base. */
export const FALLBACK_RATES_PER_USD = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.36,
  AUD: 1.52,
  JPY: 149.5,
  KRW: 1320,
  BRL: 5.03,
  CNY: 7.23,
  INR: 83.12,
  CHF: 0.88,
  SEK: 10.45,
  NOK: 10.87,
  DKK: 6.86,
  PLN: 4.02,
  CZK: 22.45,
  HUF: 365.2,
  MXN: 17.85,
} as const;
export type CurrencyCode = keyof typeof FALLBACK_RATES_PER_USD;
export const CURRENCY_CODES = Object.keys(FALLBACK_RATES_PER_USD) as CurrencyCode[];

/** §9: default currency. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(FALLBACK_RATES_PER_USD, value);
}

/** §5: exact messages. */
export const CONVERSION_ERRORS = {
  invalidAmount: 'Invalid amount for currency conversion',
  invalidCurrencies: 'Invalid currency codes',
} as const;

/** Rounds half away from zero to cents; EPSILON keeps 1.005 from becoming 1.00 through float error. */
export function roundMoney(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  // From 1e13 on a double cannot hold cents exactly (and ×100 may overflow), so re-rounding would
  // drift; amounts that large are not prices (§9 caps them at 1,000,000) and are kept as they are.
  if (Math.abs(amount) >= 1e13) return amount;
  const rounded = Math.sign(amount) * (Math.round((Math.abs(amount) + Number.EPSILON) * 100) / 100);
  return rounded === 0 ? 0 : rounded;
}

/** §5: a price is non-negative and has two decimals. Unreadable input (API strings, NaN) becomes 0. */
export function sanitizePrice(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return 0;
  return roundMoney(n);
}

export interface Conversion {
  convertedAmount: number;
  exchangeRate: number;
  fromCurrency: CurrencyCode;
  toCurrency: CurrencyCode;
}

export type RateTable = Readonly<Partial<Record<string, number>>>;

/**
 * The largest amount convertCurrency accepts. §5 only asks for an amount above 0, but §9 caps a
 * marketplace price at 1,000,000, so anything far beyond that is not a price: 1e12 leaves room for
 * totals and the weakest currencies (1e12 USD ≈ 1.3e15 KRW) while keeping every result finite and
 * far from the range where a double loses whole units.
 */
export const MAX_CONVERSION_AMOUNT = 1e12;

/**
 * §5, §8: converts with a rate table per 1 USD (the fallback table unless live rates are given).
 * The spec only demands that both codes be present; a code missing from the table cannot be
 * converted either, so it gets the same 'Invalid currency codes' error rather than a silent 1:1.
 * An amount above MAX_CONVERSION_AMOUNT, or one whose conversion is not a finite number (extreme
 * live rates), gets 'Invalid amount for currency conversion' — never a silent 0.
 * The result is rounded to cents like every displayed price.
 */
export function convertCurrency(
  amount: number,
  fromCurrency: string | null | undefined,
  toCurrency: string | null | undefined,
  rates: RateTable = FALLBACK_RATES_PER_USD,
): Result<Conversion> {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > MAX_CONVERSION_AMOUNT)
    return err(CONVERSION_ERRORS.invalidAmount);
  const from = fromCurrency?.trim().toUpperCase();
  const to = toCurrency?.trim().toUpperCase();
  if (!from || !to || !isCurrencyCode(from) || !isCurrencyCode(to))
    return err(CONVERSION_ERRORS.invalidCurrencies);
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) return err(CONVERSION_ERRORS.invalidCurrencies);
  const exchangeRate = toRate / fromRate;
  const converted = amount * exchangeRate;
  if (!Number.isFinite(converted) || !Number.isFinite(exchangeRate))
    return err(CONVERSION_ERRORS.invalidAmount);
  return ok({
    convertedAmount: roundMoney(converted),
    exchangeRate,
    fromCurrency: from,
    toCurrency: to,
  });
}

/**
 * An amount as a screen shows it in the shopper's currency: converted with the built-in rates
 * (§9), or left as it is when it is in that currency already, not positive, or not convertible.
 * Screens that compare amounts (compare's best value) use this too, so they rank what they show.
 */
export function amountIn(
  amount: number,
  fromCurrency: string | null | undefined,
  toCurrency: string,
): number {
  const from = fromCurrency ?? DEFAULT_CURRENCY;
  if (!(amount > 0) || from.toUpperCase() === toCurrency.toUpperCase()) return amount;
  const converted = convertCurrency(amount, from, toCurrency);
  return converted.ok ? converted.value.convertedAmount : amount;
}

/**
 * The landed total in the shopper's currency: price plus shipping cost, each converted the way the
 * app shows them (amountIn), so listings quoted in different currencies compare like with like.
 */
export function landedTotal(
  p: { price: number; shippingCost?: number | null; currency?: string | null },
  currency: string,
): number {
  return amountIn(p.price, p.currency, currency) + amountIn(p.shippingCost ?? 0, p.currency, currency);
}

/** §9: the currency cache lasts 30 minutes. */
export const CURRENCY_CACHE_TTL_MS = 30 * MINUTE_MS;

/** Fresh while younger than 30 minutes; a timestamp in the future (clock skew) counts as fresh. */
export function isCurrencyCacheFresh(fetchedAt: Instant | null | undefined, now: Instant): boolean {
  if (fetchedAt === null || fetchedAt === undefined) return false;
  const age = toEpochMs(now) - toEpochMs(fetchedAt);
  return Number.isFinite(age) && age < CURRENCY_CACHE_TTL_MS;
}

// ---------------------------------------------------------------------------------------------
// Formatting (§9)

/** §9: the only symbols the spec defines. */
export const PRICE_SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', CAD: 'C$', GBP: '£' };

/**
 * Other currencies show their ISO code and a space ("JPY 1,250.00"): '¥' would not tell JPY from
 * CNY nor '$' AUD from MXN, and the code is what shoppers see on card statements.
 */
export function priceSymbol(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase() || DEFAULT_CURRENCY;
  return PRICE_SYMBOLS[code] ?? `${code} `;
}

const TWO_DECIMALS = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/**
 * §9: symbol + exactly two decimals ("$1,234.50"). Grouping and the decimal point follow en-US in
 * every region so a price reads the same in emails, logs and the UI; unreadable amounts show 0.00
 * rather than "NaN".
 */
export function formatPrice(
  amount: number | null | undefined,
  currency: string | null | undefined = DEFAULT_CURRENCY,
): string {
  const value = typeof amount === 'number' && Number.isFinite(amount) ? roundMoney(amount) : 0;
  const sign = value < 0 ? '-' : '';
  return `${sign}${priceSymbol(currency)}${TWO_DECIMALS.format(Math.abs(value))}`;
}
