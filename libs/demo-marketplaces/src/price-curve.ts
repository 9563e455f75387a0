import { hash32, rngFor } from './random';

/**
 * The demo's long-term price curve: what a listing costs at an instant before the short-term
 * moves (drop buckets, jitter) of the catalog are applied. A pure function of (seed, product, time),
 * so the history backfilled for the past year and the live answers of the demo servers trace one
 * curve: a slow seasonal wave, weekly promotions and an occasional step up or down.
 */
export interface PriceCurveInput {
  seed: string;
  /** The product key (eBay legacy id or AliExpress product id). */
  key: string;
  basePrice: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
const YEAR_MS = 365 * DAY_MS;
/** Mondays 00:00 UTC: 1970-01-05 was one, so weeks are counted from there. */
const WEEK_ORIGIN = 4 * DAY_MS;

/** How each product's curve is shaped, derived from the seed and its key alone. */
export interface CurveShape {
  /** Seasonal wave: amplitude (share of the base price) and phase (radians). */
  seasonAmplitude: number;
  seasonPhase: number;
  /** Chance that a given week has a promotion, its first day (0 = Monday) and length in days. */
  promoChance: number;
  promoStartDay: number;
  promoDays: number;
  /** Length of a price "era" in days; the level may step at each era boundary. */
  eraDays: number;
  /** Where in the year the seasonal wave starts (ms), so products do not peak together. */
  yearOffsetMs: number;
}

export function curveShape(seed: string, key: string): CurveShape {
  const random = rngFor(seed, 'curve', key);
  return {
    seasonAmplitude: 0.03 + random() * 0.07,
    seasonPhase: random() * 2 * Math.PI,
    promoChance: 0.2 + random() * 0.3,
    promoStartDay: Math.floor(random() * 7),
    promoDays: 1 + Math.floor(random() * 3),
    eraDays: 45 + Math.floor(random() * 60),
    yearOffsetMs: hash32(key) % YEAR_MS,
  };
}

/** The level of an era: most eras keep the base level, some step 5–12 % up or down. */
function eraLevel(seed: string, key: string, era: number): number {
  const random = rngFor(seed, 'era', key, era);
  const roll = random();
  if (roll < 0.55) return 1;
  const size = 0.05 + random() * 0.07;
  return roll < 0.8 ? 1 - size : 1 + size;
}

/** The promotion discount in force at `at` (0 outside a promotion): 8–20 %, for whole days. */
export function promoDiscount(seed: string, key: string, at: number, shape = curveShape(seed, key)): number {
  const week = Math.floor((at - WEEK_ORIGIN) / WEEK_MS);
  const dayOfWeek = Math.floor((at - WEEK_ORIGIN - week * WEEK_MS) / DAY_MS);
  const random = rngFor(seed, 'promo', key, week);
  if (random() >= shape.promoChance) return 0;
  const depth = 0.08 + random() * 0.12;
  const end = shape.promoStartDay + shape.promoDays;
  return dayOfWeek >= shape.promoStartDay && dayOfWeek < end ? depth : 0;
}

/**
 * The curve's price in USD at `at` (epoch ms), rounded to cents and never below 0.5. Constant
 * within a UTC day except across a promotion's edges, so daily history points show its shape.
 * `shape` is the product's (curveShape); a caller pricing many instants passes it once computed.
 */
export function curvePrice(
  input: PriceCurveInput,
  at: number,
  shape: CurveShape = curveShape(input.seed, input.key),
): number {
  const yearPosition = ((at + shape.yearOffsetMs) % YEAR_MS) / YEAR_MS;
  const season = 1 + shape.seasonAmplitude * Math.sin(2 * Math.PI * yearPosition + shape.seasonPhase);
  const era = Math.floor(at / (shape.eraDays * DAY_MS));
  const level = eraLevel(input.seed, input.key, era);
  const promo = 1 - promoDiscount(input.seed, input.key, at, shape);
  return Math.max(0.5, Math.round(input.basePrice * season * level * promo * 100) / 100);
}

const SIX_HOURS_MS = 6 * 60 * 60 * 1000;

/**
 * The instants of a backfilled history ending before `end`: one a day (00:00 UTC) for the year,
 * every 6 hours for the last 30 days. Aligned to UTC days, so a second run (a restart) picks the
 * same instants.
 */
export function backfillInstants(end: number, { days = 365, denseDays = 30 } = {}): number[] {
  const dayStart = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
  const denseFrom = dayStart(end - denseDays * DAY_MS);
  const instants: number[] = [];
  for (let t = dayStart(end - days * DAY_MS) + DAY_MS; t < denseFrom; t += DAY_MS) instants.push(t);
  for (let t = denseFrom; t < end; t += SIX_HOURS_MS) instants.push(t);
  return instants;
}
