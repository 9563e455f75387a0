/**
 * Product identity in the demo catalog: which listings sell the same product (the ground truth a
 * matching rule is measured against), and the identifiers each marketplace would publish for it.
 *
 * Every generated listing is its own product. On top of those, the catalog appends cross-listed
 * models: each model is sold in two variants (two colours, or two sizes/capacities/packs), each
 * variant on both marketplaces, with the title habits of each (eBay: brand first; AliExpress:
 * marketing words, "for <brand> Fans - Fast Shipping", sometimes no model number). Models come in
 * couples from one brand — a model and its successor (same noun, same variants, another model
 * number) — so near-misses are as close as real ones get.
 */
import { gtinCheckDigit } from '@pt/domain';
import type { DemoCategory, DemoMarketplace, DemoProduct } from './catalog';
import { between, intBetween, pick, rngFor } from './random';

/** What the eBay item endpoint carries beside the brand (AliExpress's affiliate API has none). */
export interface DemoIdentifiers {
  gtin?: string;
  mpn?: string;
  epid?: string;
}

/** Variant values by category, when a model varies by something other than its colour. */
const VARIANT_VALUES: Readonly<Record<string, readonly string[]>> = {
  electronics: ['64GB', '128GB', '256GB', '512GB'],
  home: ['20cm', '24cm', '28cm', '32cm'],
  fashion: ['Size S', 'Size M', 'Size L', 'Size XL'],
  toys: ['2 Pack', '3 Pack', '4 Pack', '6 Pack'],
  sports: ['2kg', '5kg', '10kg', '15kg'],
  beauty: ['30ml', '50ml', '100ml', '200ml'],
  automotive: ['60W', '90W', '120W', '150W'],
  garden: ['1L', '2L', '5L', '10L'],
};
const MARKETING = ['2024 New', 'Hot Sale', 'Original', 'High Quality', 'Newest', 'Top Rated'];
const COLOUR_CODES: Readonly<Record<string, string>> = {
  Black: 'BK',
  White: 'WH',
  Blue: 'BL',
  Red: 'RD',
  Green: 'GN',
  Grey: 'GY',
  Pink: 'PK',
  Silver: 'SV',
  Gold: 'GD',
  Navy: 'NV',
};

/** Cross-listed models per generated product: 60 models (240 listings) in the default 6,000. */
const MODELS_PER_PRODUCT = 1 / 100;

/** A UPC-A (12 digits) with a valid check digit, the GTIN eBay US listings carry. */
function upc(random: () => number): string {
  const body = Array.from({ length: 11 }, (_, i) => (i === 0 ? 0 : intBetween(random, 0, 9))).join('');
  return `${body}${gtinCheckDigit(body)}`;
}

/** A variant's MPN: the model number and a code for what sets the variant apart. */
function mpnOf(model: string, colour: string, attribute: string | undefined): string {
  const suffix = attribute ? attribute.replace(/^Size /, '').replace(/\s+/g, '') : COLOUR_CODES[colour];
  return `${model}-${suffix ?? colour.toUpperCase()}`;
}

/**
 * The identifiers of a generated (not cross-listed) listing, from their own random stream so the
 * listing's other draws stay as they were: eBay listings mostly carry a GTIN and always an MPN.
 */
export function soloIdentifiers(
  seed: string,
  key: string,
  marketplace: DemoMarketplace,
  model: string,
  colour: string,
): DemoIdentifiers {
  if (marketplace !== 'ebay') return {};
  const random = rngFor(seed, 'identifiers', key);
  return {
    ...(random() < 0.8 ? { gtin: upc(random) } : {}),
    mpn: mpnOf(model, colour, undefined),
    ...(random() < 0.5 ? { epid: String(intBetween(random, 100_000_000, 9_999_999_999)) } : {}),
  };
}

export interface DemoModel {
  id: string;
  category: DemoCategory;
  noun: string;
  brand: string;
  adjective: string;
  model: string;
  /** Each variant: its colour and, for a model varying by size/capacity/pack, that attribute. */
  variants: ReadonlyArray<{ colour: string; attribute?: string; gtin: string; epid: string }>;
}

/**
 * The cross-listed models of a catalog of `size` generated products, in couples: the second of
 * each couple is the first's successor (same brand, noun and variants, another model number).
 */
export function crossListedModels(
  seed: string,
  size: number,
  categories: readonly DemoCategory[],
  adjectives: readonly string[],
  colours: readonly string[],
): DemoModel[] {
  const couples = Math.floor((size * MODELS_PER_PRODUCT) / 2);
  const models: DemoModel[] = [];
  for (let c = 0; c < couples; c++) {
    const random = rngFor(seed, 'model-couple', c);
    const category = categories[c % categories.length] as DemoCategory;
    const noun = pick(random, category.nouns);
    const brand = pick(random, category.brands);
    const adjective = pick(random, adjectives);
    const byColour = c % 2 === 0;
    const firstColour = intBetween(random, 0, colours.length - 1);
    const otherColour = (firstColour + intBetween(random, 1, colours.length - 1)) % colours.length;
    const values = VARIANT_VALUES[category.slug] ?? [];
    const firstValue = intBetween(random, 0, values.length - 1);
    const otherValue = (firstValue + intBetween(random, 1, values.length - 1)) % values.length;
    const letter = String.fromCharCode(65 + intBetween(random, 0, 25));
    const number = intBetween(random, 10, 980);
    for (const [n, model] of [
      `${letter}${number}`,
      `${letter}${number + 1 + intBetween(random, 0, 8)}`,
    ].entries()) {
      const variants = [0, 1].map((v) => ({
        colour: colours[byColour && v === 1 ? otherColour : firstColour] as string,
        ...(byColour ? {} : { attribute: values[v === 0 ? firstValue : otherValue] as string }),
        gtin: upc(random),
        epid: String(intBetween(random, 100_000_000, 9_999_999_999)),
      }));
      models.push({ id: `model-${c}-${n}`, category, noun, brand, adjective, model, variants });
    }
  }
  return models;
}

/** How a marketplace's sellers title a variant of a model. */
function titleFor(
  model: DemoModel,
  variant: number,
  marketplace: DemoMarketplace,
  random: () => number,
): string {
  const { colour, attribute } = model.variants[variant] as DemoModel['variants'][number];
  const label = attribute ? `${attribute} ${colour}` : colour;
  if (marketplace === 'ebay')
    return `${model.brand} ${model.adjective} ${model.noun} ${label} ${model.model}`;
  const marketing = pick(random, MARKETING);
  // Cross-border sellers often leave the model number out: such a listing can only be guessed at.
  const code = random() < 0.2 ? '' : ` ${model.model}`;
  switch (intBetween(random, 0, 2)) {
    case 0:
      return `${marketing} ${model.adjective} ${model.noun}${code} ${label} for ${model.brand} Fans - Fast Shipping`;
    case 1:
      return `${model.brand}${code} ${model.noun} ${label} ${marketing} Free Shipping`;
    default:
      return `${marketing} ${model.noun} ${model.adjective} ${label}${code} for ${model.brand} Fans`;
  }
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * What a variant of a model costs on a marketplace: one base price per model (log-uniform in its
 * category's range, like a generated listing's), each variant and marketplace within a few percent
 * of it (cross-border a little cheaper), and shipping of a few percent of the price (never the over-100 outliers a
 * generated cross-border listing may have). So the same product's listings are within a quarter of
 * each other landed, as real twins are, rather than drawn apart. Its own draws: the generated
 * listings and the models' titles and identifiers keep theirs.
 */
export function twinPricing(
  seed: string,
  model: DemoModel,
  variant: number,
  marketplace: DemoMarketplace,
): { basePrice: number; shippingCost: number } {
  const [lo, hi] = model.category.priceRange;
  const modelBase = Math.exp(between(rngFor(seed, 'model-price', model.id), Math.log(lo), Math.log(hi)));
  const random = rngFor(seed, 'twin-price', model.id, variant, marketplace);
  const spread = marketplace === 'aliexpress' ? between(random, 0.93, 0.99) : between(random, 0.99, 1.04);
  const variantFactor = variant === 0 ? 1 : 1.03;
  const basePrice = Math.max(1, round2(modelBase * spread * variantFactor));
  // Free half the time, else a few percent of the price (at least 50 cents, at most $9).
  const free = random() < 0.5;
  const shippingCost = free ? 0 : round2(Math.min(9, Math.max(0.5, basePrice * between(random, 0.02, 0.06))));
  return { basePrice, shippingCost };
}

/**
 * Turns a generated listing into one of a model's variant listings: the model's title, kind,
 * brand, colour, identifiers and price (twinPricing) replace the listing's own; seller and the
 * rest stay.
 */
export function crossListing(
  seed: string,
  listing: DemoProduct,
  model: DemoModel,
  variant: number,
  searchTextOf: (
    p: Pick<DemoProduct, 'title' | 'brand' | 'category' | 'listFactor' | 'marketplace'>,
  ) => string,
): DemoProduct {
  const random = rngFor(seed, 'cross-listing', listing.key);
  const v = model.variants[variant] as DemoModel['variants'][number];
  const title = titleFor(model, variant, listing.marketplace, random);
  const identity = {
    title,
    noun: model.noun,
    brand: model.brand,
    color: v.colour,
    category: model.category,
    model: model.model,
    modelId: model.id,
    variantId: `${model.id}/${variant}`,
    // Cross-listed models are new on both marketplaces: a used one is another offer, not the model.
    condition: { id: '1000', name: 'New' },
    identifiers:
      listing.marketplace === 'ebay'
        ? { gtin: v.gtin, mpn: mpnOf(model.model, v.colour, v.attribute), epid: v.epid }
        : {},
    ...twinPricing(seed, model, variant, listing.marketplace),
  };
  return { ...listing, ...identity, searchText: searchTextOf({ ...listing, ...identity }) };
}
