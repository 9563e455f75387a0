import { FALLBACK_RATES_PER_USD } from '@pt/domain';
import { curvePrice, curveShape, type CurveShape } from './price-curve';
import { crossListedModels, crossListing, soloIdentifiers, type DemoIdentifiers } from './models';
import { demoImagePath } from './product-image';
import { between, intBetween, pick, rngFor } from './random';

export type DemoMarketplace = 'ebay' | 'aliexpress';

export interface DemoCategory {
  slug: string;
  name: string;
  /** eBay top-level category id. */
  ebayCategoryId: string;
  /** AliExpress first-level category id. */
  aliexpressCategoryId: string;
  nouns: readonly string[];
  brands: readonly string[];
  priceRange: readonly [number, number];
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: 'electronics',
    name: 'Electronics',
    ebayCategoryId: '293',
    aliexpressCategoryId: '44',
    nouns: [
      'Wireless Earbuds',
      'Bluetooth Speaker',
      'Smart Watch',
      'USB-C Charger',
      'Power Bank',
      'Mechanical Keyboard',
      'Gaming Mouse',
      'Action Camera',
      'Mini Drone',
      'Noise Cancelling Headphones',
      'Portable SSD',
      'Webcam',
      'Smart Plug',
      'Tablet',
    ],
    brands: ['Sonix', 'Voltra', 'Nexon', 'Auralite', 'Kinetiq', 'Pixelon'],
    priceRange: [8, 450],
  },
  {
    slug: 'home',
    name: 'Home & Kitchen',
    ebayCategoryId: '11700',
    aliexpressCategoryId: '15',
    nouns: [
      'Ceramic Coffee Mug',
      'Bath Towel Set',
      'Non-Stick Frying Pan',
      'Scented Candle',
      'Throw Blanket',
      'Knife Set',
      'Air Fryer',
      'Storage Baskets',
      'Wall Clock',
      'Memory Foam Pillow',
      'French Press',
      'Table Lamp',
    ],
    brands: ['Hearthly', 'Casa Nova', 'Oakline', 'Brewmark', 'Nestwell'],
    priceRange: [5, 250],
  },
  {
    slug: 'fashion',
    name: 'Fashion',
    ebayCategoryId: '11450',
    aliexpressCategoryId: '3',
    nouns: [
      'Leather Wallet',
      'Running Sneakers',
      'Denim Jacket',
      'Wool Scarf',
      'Sunglasses',
      'Canvas Backpack',
      'Silk Tie',
      'Hooded Sweatshirt',
      'Ankle Boots',
      'Baseball Cap',
      'Chino Pants',
      'Wrist Watch',
    ],
    brands: ['Northway', 'Velour', 'Stitch & Co', 'Marlow', 'Urbanix'],
    priceRange: [6, 300],
  },
  {
    slug: 'toys',
    name: 'Toys & Games',
    ebayCategoryId: '220',
    aliexpressCategoryId: '26',
    nouns: [
      'Building Blocks Set',
      'Remote Control Car',
      'Plush Bear',
      'Jigsaw Puzzle',
      'Board Game',
      'Action Figure',
      'Doll House',
      'Science Kit',
      'Wooden Train Set',
      'Kids Drone',
    ],
    brands: ['Playforge', 'Tiny Titans', 'Brickly', 'Funwave'],
    priceRange: [5, 150],
  },
  {
    slug: 'sports',
    name: 'Sports & Outdoors',
    ebayCategoryId: '888',
    aliexpressCategoryId: '18',
    nouns: [
      'Yoga Mat',
      'Adjustable Dumbbells',
      'Resistance Bands',
      'Cycling Gloves',
      'Tennis Racket',
      'Football',
      'Camping Tent',
      'Water Bottle',
      'Jump Rope',
      'Hiking Backpack',
      'Fitness Tracker',
    ],
    brands: ['Peakform', 'Trailhead', 'Aerofit', 'Summit Gear'],
    priceRange: [5, 350],
  },
  {
    slug: 'beauty',
    name: 'Beauty & Personal Care',
    ebayCategoryId: '26395',
    aliexpressCategoryId: '66',
    nouns: [
      'Facial Serum',
      'Hair Dryer',
      'Makeup Brush Set',
      'Electric Toothbrush',
      'Nail Polish Set',
      'Hair Straightener',
      'Moisturizer',
      'Perfume',
      'Beard Trimmer',
      'Sheet Masks',
    ],
    brands: ['Lumina', 'Glowlab', 'Pure Petal', 'Silkara'],
    priceRange: [4, 180],
  },
  {
    slug: 'automotive',
    name: 'Automotive',
    ebayCategoryId: '6000',
    aliexpressCategoryId: '34',
    nouns: [
      'Dash Cam',
      'Car Phone Mount',
      'Tire Inflator',
      'Seat Covers',
      'Jump Starter',
      'LED Headlight Bulbs',
      'Car Vacuum',
      'OBD2 Scanner',
    ],
    brands: ['Roadster', 'Drivex', 'Motorline'],
    priceRange: [8, 250],
  },
  {
    slug: 'garden',
    name: 'Garden & Outdoor',
    ebayCategoryId: '159912',
    aliexpressCategoryId: '125',
    nouns: [
      'Garden Hose',
      'Pruning Shears',
      'Solar Path Lights',
      'Bird Feeder',
      'Raised Garden Bed',
      'Watering Can',
      'Plant Pots Set',
      'Hedge Trimmer',
    ],
    brands: ['Greenway', 'Bloomfield', 'Terra'],
    priceRange: [5, 200],
  },
];

const ADJECTIVES = [
  'Premium',
  'Portable',
  'Compact',
  'Professional',
  'Classic',
  'Ultra',
  'Deluxe',
  'Eco',
  'Smart',
  'Vintage',
  'Lightweight',
  'Heavy Duty',
  'Mini',
  'Pro',
];
const COLORS = ['Black', 'White', 'Blue', 'Red', 'Green', 'Grey', 'Pink', 'Silver', 'Gold', 'Navy'];
const SELLER_WORDS = [
  'deal',
  'shop',
  'store',
  'outlet',
  'depot',
  'trader',
  'market',
  'hub',
  'direct',
  'world',
];
const SELLER_PREFIXES = [
  'sky',
  'blue',
  'best',
  'prime',
  'happy',
  'smart',
  'urban',
  'red',
  'star',
  'top',
  'sunny',
  'bright',
];
const EBAY_LOCATIONS: ReadonlyArray<{ city: string; postalCode: string; country: string }> = [
  { city: 'San Jose', postalCode: '951**', country: 'US' },
  { city: 'Brooklyn', postalCode: '112**', country: 'US' },
  { city: 'Austin', postalCode: '787**', country: 'US' },
  { city: 'Chicago', postalCode: '606**', country: 'US' },
  { city: 'Miami', postalCode: '331**', country: 'US' },
  { city: 'Seattle', postalCode: '981**', country: 'US' },
  { city: 'Toronto', postalCode: 'M5V***', country: 'CA' },
  { city: 'Manchester', postalCode: 'M1***', country: 'GB' },
  { city: 'Berlin', postalCode: '101**', country: 'DE' },
];
const EBAY_CONDITIONS: ReadonlyArray<{ id: string; name: string; weight: number }> = [
  { id: '1000', name: 'New', weight: 0.6 },
  { id: '1500', name: 'New other (see details)', weight: 0.05 },
  { id: '2000', name: 'Certified - Refurbished', weight: 0.05 },
  { id: '2500', name: 'Seller refurbished', weight: 0.07 },
  { id: '3000', name: 'Used', weight: 0.23 },
];

export interface DemoProduct {
  /** eBay legacy item id (12 digits) or AliExpress product id (16 digits). */
  key: string;
  marketplace: DemoMarketplace;
  /** eBay only: `v1|<legacy id>|<variation id or 0>`. */
  itemId?: string;
  variationId?: string;
  title: string;
  /** The kind of thing it is ("Wireless Earbuds"). */
  noun: string;
  brand: string;
  color: string;
  category: DemoCategory;
  /** The model number in the title ("K123"). */
  model: string;
  /** Ground truth for matching: listings with one variantId sell the same product (models.ts). */
  variantId: string;
  /** The cross-listed model this listing sells a variant of; absent for a one-off listing. */
  modelId?: string;
  /** GTIN, MPN and EPID as the eBay item endpoint gives them; none on AliExpress. */
  identifiers: DemoIdentifiers;
  /** The price around which the price moves, USD (the long-term curve of price-curve.ts starts here). */
  basePrice: number;
  /** Present for listings with a "was" price: originalPrice = basePrice × listFactor (never below the current price). */
  listFactor?: number;
  /** Stable listings only move on drop buckets; the others also drift and jitter. */
  volatile: boolean;
  /** Phase and period (in buckets) of the slow drift. */
  phase: number;
  period: number;
  /** Paths on the demo server (`/images/<key>/<n>.svg`); the servers answer them as URLs of their own origin. */
  images: string[];
  condition: { id: string; name: string };
  seller: { username: string; feedbackPercentage: string; feedbackScore: number };
  shop: { id: string; name: string; url: string };
  /** AliExpress evaluate rate in percent, or undefined (the API then sends ""). */
  evaluateRate?: number;
  volume: number;
  location: { city: string; postalCode: string; country: string };
  /** Shipping cost in USD, and alternative options (AliExpress). */
  shippingCost: number;
  shippingAlternatives: number[];
  shipDays: number;
  createdAt: number;
  /** Lower-cased title, brand, category and tags, for search. */
  searchText: string;
}

export interface PriceDrop {
  /** The start of the bucket in which the price is lower than in the bucket before. */
  at: Date;
  before: number;
  after: number;
}

export interface DemoCatalogOptions {
  seed?: string | number;
  /**
   * Generated products, split evenly between the two marketplaces. Default 6,000. Cross-listed
   * models (one per hundred, each variant on both marketplaces: models.ts) come after them.
   */
  size?: number;
  /** Prices are constant within a bucket. Default 5 minutes. */
  priceBucketMs?: number;
  /** Chance that a bucket is a drop bucket. Default 0.06. */
  dropProbability?: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Listing dates spread over the year before 2025-01-01, so "newest" sorts are stable in tests. */
const CREATED_EPOCH = Date.UTC(2024, 0, 1);
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function weighted<T extends { weight: number }>(random: () => number, items: readonly T[]): T {
  let r = random();
  for (const item of items) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return items[items.length - 1] as T;
}

/**
 * The synthetic catalog both demo servers sell from: ≥ 5,000 products over eight categories,
 * derived from the seed alone. Prices move as a pure function of (seed, product, time bucket), so a
 * test can predict any price at any instant with `priceAt`.
 */
export class DemoCatalog {
  readonly seed: string;
  readonly priceBucketMs: number;
  readonly dropProbability: number;
  readonly products: readonly DemoProduct[];
  readonly categories = DEMO_CATEGORIES;
  private readonly index = new Map<string, DemoProduct>();
  /** Demo control: USD prices pinned by product key, in force until unpinned. */
  private readonly pins = new Map<string, number>();
  /** Demo control: product keys an admin made unavailable (gone, out of stock), until made available. */
  private readonly unavailable = new Set<string>();
  /** Each product's curve shape, worked out once: a search prices thousands of products. */
  private readonly shapes = new Map<string, CurveShape>();

  constructor(options: DemoCatalogOptions = {}) {
    this.seed = String(options.seed ?? 'demo');
    this.priceBucketMs = options.priceBucketMs ?? 5 * 60 * 1000;
    this.dropProbability = options.dropProbability ?? 0.06;
    const size = Math.max(2, Math.floor(options.size ?? 6_000));
    const products: DemoProduct[] = [];
    for (let i = 0; i < size; i++) products.push(this.generate(i, i % 2 === 0 ? 'ebay' : 'aliexpress'));
    products.push(...this.crossListings(size));
    this.products = products;
    for (const product of products) {
      this.index.set(product.key, product);
      if (product.itemId) this.index.set(product.itemId, product);
      if (product.marketplace === 'aliexpress') this.index.set(`aliexpress_${product.key}`, product);
    }
  }

  get size(): number {
    return this.products.length;
  }

  byMarketplace(marketplace: DemoMarketplace): DemoProduct[] {
    return this.products.filter((p) => p.marketplace === marketplace);
  }

  /** By eBay itemId (pipe id), eBay legacy id, AliExpress product id or aliexpress_-prefixed id. */
  get(id: string): DemoProduct | undefined {
    return this.index.get(id);
  }

  private require(id: string): DemoProduct {
    const product = this.get(id);
    if (!product) throw new Error(`No demo product ${id}`);
    return product;
  }

  bucketOf(at: Date | number): number {
    return Math.floor((typeof at === 'number' ? at : at.getTime()) / this.priceBucketMs);
  }

  /** The price in USD at an instant. */
  priceAt(id: string, at: Date | number): number {
    return this.priceInBucket(this.require(id), this.bucketOf(at));
  }

  /**
   * The price in USD at an instant as the demo's price function gives it, whatever an admin pinned:
   * what a backfilled history is sampled from, so the live answers continue the same curve.
   */
  simulatedPriceAt(id: string, at: Date | number): number {
    return this.simulatedInBucket(this.require(id), this.bucketOf(at));
  }

  /** The long-term curve (season, promotions, steps) under the short-term moves, USD. */
  curvePriceAt(id: string, at: Date | number): number {
    const product = this.require(id);
    return this.curveInBucket(product, this.bucketOf(at));
  }

  /** The "was" price in USD at an instant, or undefined for listings without one. Never below priceAt. */
  originalPriceAt(id: string, at: Date | number): number | undefined {
    const product = this.require(id);
    if (product.listFactor === undefined) return undefined;
    return Math.max(
      round2(product.basePrice * product.listFactor),
      this.priceInBucket(product, this.bucketOf(at)),
    );
  }

  /** Whether the bucket holding `at` is a drop bucket for the product. */
  isDrop(id: string, at: Date | number): boolean {
    return this.dropFactor(this.require(id), this.bucketOf(at)) < 1;
  }

  /** The first instant at or after `from` where the price falls below the previous bucket's. */
  nextDrop(id: string, from: Date | number, maxBuckets = 100_000): PriceDrop | undefined {
    const product = this.require(id);
    const first = this.bucketOf(from);
    let previous = this.priceInBucket(product, first - 1);
    for (let bucket = first; bucket < first + maxBuckets; bucket++) {
      const price = this.priceInBucket(product, bucket);
      if (price < previous)
        return { at: new Date(bucket * this.priceBucketMs), before: previous, after: price };
      previous = price;
    }
    return undefined;
  }

  /**
   * Pins a product's USD price from now on (demo control): every later read — both
   * servers, search and item calls — answers it until `unpin`. Returns the product, or undefined
   * for an id the catalog does not hold.
   */
  pin(id: string, usdPrice: number): DemoProduct | undefined {
    const product = this.get(id);
    if (!product) return undefined;
    if (!(Number.isFinite(usdPrice) && usdPrice > 0)) throw new Error(`Invalid pinned price ${usdPrice}`);
    this.pins.set(product.key, round2(usdPrice));
    return product;
  }

  unpin(id: string): DemoProduct | undefined {
    const product = this.get(id);
    if (product) this.pins.delete(product.key);
    return product;
  }

  /**
   * Makes a product unavailable (its item calls answer as for a listing gone or out of stock) or
   * available again (demo control). Returns the product, or undefined for an unknown id.
   */
  setAvailable(id: string, available: boolean): DemoProduct | undefined {
    const product = this.get(id);
    if (!product) return undefined;
    if (available) this.unavailable.delete(product.key);
    else this.unavailable.add(product.key);
    return product;
  }

  isAvailable(id: string): boolean {
    const product = this.get(id);
    return product !== undefined && !this.unavailable.has(product.key);
  }

  /** The product keys made unavailable (what a restarted demo process is handed back). */
  unavailableKeys(): string[] {
    return [...this.unavailable];
  }

  /** What an item call finds: the product, unless unknown or made unavailable. */
  listed(id: string): DemoProduct | undefined {
    return this.isAvailable(id) ? this.get(id) : undefined;
  }

  /** Every pin in force, by product key (what a restarted demo process is handed back). */
  pinnedPrices(): Record<string, number> {
    return Object.fromEntries(this.pins);
  }

  pinnedPrice(id: string): number | undefined {
    const product = this.get(id);
    return product ? this.pins.get(product.key) : undefined;
  }

  private dropFactor(product: DemoProduct, bucket: number): number {
    const random = rngFor(this.seed, 'drop', product.key, bucket);
    return random() < this.dropProbability ? 1 - between(random, 0.1, 0.35) : 1;
  }

  private curveInBucket(product: DemoProduct, bucket: number): number {
    let shape = this.shapes.get(product.key);
    if (!shape) {
      shape = curveShape(this.seed, product.key);
      this.shapes.set(product.key, shape);
    }
    return curvePrice(
      { seed: this.seed, key: product.key, basePrice: product.basePrice },
      bucket * this.priceBucketMs,
      shape,
    );
  }

  private priceInBucket(product: DemoProduct, bucket: number): number {
    return this.pins.get(product.key) ?? this.simulatedInBucket(product, bucket);
  }

  /** The curve, with drop buckets and (volatile listings) drift and jitter on top. */
  private simulatedInBucket(product: DemoProduct, bucket: number): number {
    let factor = this.dropFactor(product, bucket);
    if (product.volatile) {
      const random = rngFor(this.seed, 'noise', product.key, bucket);
      factor *= 1 + 0.06 * Math.sin((2 * Math.PI * bucket) / product.period + product.phase);
      factor *= 1 + (random() - 0.5) * 0.04;
    }
    return Math.max(0.5, round2(this.curveInBucket(product, bucket) * factor));
  }

  /**
   * Four listings per cross-listed model (each variant on each marketplace), numbered on from the
   * generated products so keys stay unique and the generated ones keep their draws.
   */
  private crossListings(size: number): DemoProduct[] {
    const models = crossListedModels(this.seed, size, DEMO_CATEGORIES, ADJECTIVES, COLORS);
    return models.flatMap((model, m) =>
      (['ebay', 'aliexpress'] as const).flatMap((marketplace, side) =>
        [0, 1].map((variant) => {
          const index = size + m * 4 + variant * 2 + side;
          return crossListing(this.seed, this.generate(index, marketplace), model, variant, searchTextOf);
        }),
      ),
    );
  }

  private generate(index: number, marketplace: DemoMarketplace): DemoProduct {
    const random = rngFor(this.seed, 'product', index);
    // Products alternate between the marketplaces, so categories step every second product: both sell every category.
    const category = DEMO_CATEGORIES[Math.floor(index / 2) % DEMO_CATEGORIES.length] as DemoCategory;
    const noun = pick(random, category.nouns);
    const brand = pick(random, category.brands);
    const adjective = pick(random, ADJECTIVES);
    const color = pick(random, COLORS);
    const model = `${String.fromCharCode(65 + intBetween(random, 0, 25))}${intBetween(random, 10, 990)}`;
    const [lo, hi] = category.priceRange;
    // Log-uniform: many cheap items, fewer expensive ones. AliExpress lists cheaper.
    const usd =
      Math.exp(between(random, Math.log(lo), Math.log(hi))) * (marketplace === 'aliexpress' ? 0.55 : 1);
    const basePrice = Math.max(1, round2(usd));
    const discounted = random() < 0.55;
    const listFactor = discounted ? round2(between(random, 1.15, 2.0)) : undefined;
    const key =
      marketplace === 'ebay'
        ? String(280_000_000_000 + index * 1_009 + intBetween(random, 0, 999))
        : String(1_005_000_000_000_000 + index * 100_003 + intBetween(random, 0, 99_999));
    const variationId =
      marketplace === 'ebay' && random() < 0.1
        ? String(intBetween(random, 100_000_000_000, 999_999_999_999))
        : undefined;
    const username = `${pick(random, SELLER_PREFIXES)}${pick(random, SELLER_WORDS)}${intBetween(random, 1, 999)}`;
    const shopId = String(1_100_000_000 + index * 7 + intBetween(random, 0, 6));
    const condition =
      marketplace === 'ebay' ? weighted(random, EBAY_CONDITIONS) : { id: '1000', name: 'New' };
    const title =
      marketplace === 'ebay'
        ? `${brand} ${adjective} ${noun} ${color} ${model}${condition.id === '3000' ? ' - Used' : ''}`
        : `${adjective} ${noun} ${color} ${model} for ${brand} Fans - Fast Shipping`;
    const imageCount = intBetween(random, 1, 4);
    const images = Array.from({ length: imageCount }, (_, n) => demoImagePath(key, n));
    const expensiveShipping = marketplace === 'aliexpress' && random() < 0.05;
    const shippingCost = expensiveShipping
      ? round2(between(random, 101, 180))
      : random() < 0.5
        ? 0
        : round2(between(random, 1.5, marketplace === 'ebay' ? 15 : 9));
    const shippingAlternatives =
      marketplace === 'aliexpress' ? [round2(between(random, 2, 45)), round2(between(random, 60, 140))] : [];
    return {
      key,
      marketplace,
      ...(marketplace === 'ebay' ? { itemId: `v1|${key}|${variationId ?? '0'}` } : {}),
      ...(variationId ? { variationId } : {}),
      title,
      noun,
      brand,
      color,
      category,
      model,
      variantId: `solo-${key}`,
      identifiers: soloIdentifiers(this.seed, key, marketplace, model, color),
      basePrice,
      ...(listFactor !== undefined ? { listFactor } : {}),
      volatile: random() < 0.6,
      phase: between(random, 0, 2 * Math.PI),
      period: intBetween(random, 48, 400),
      images,
      condition,
      seller: {
        username,
        feedbackPercentage: (90 + random() * 10).toFixed(1),
        feedbackScore: intBetween(random, 0, 60_000),
      },
      shop: {
        id: shopId,
        name: `${brand} Official Store`,
        url: `https://www.aliexpress.com/store/${shopId}`,
      },
      ...(random() < 0.9 ? { evaluateRate: round2(between(random, 80, 100)) } : {}),
      volume: intBetween(random, 0, 5_000),
      location:
        marketplace === 'ebay'
          ? pick(random, EBAY_LOCATIONS)
          : { city: 'Shenzhen', postalCode: '518000', country: 'CN' },
      shippingCost,
      shippingAlternatives,
      shipDays: intBetween(random, 5, 20),
      createdAt: CREATED_EPOCH + Math.floor(random() * YEAR_MS),
      searchText: searchTextOf({ title, brand, category, listFactor, marketplace }),
    };
  }
}

/** Lower-cased title, brand, category and tags: what demo searches match. */
function searchTextOf(
  p: Pick<DemoProduct, 'title' | 'brand' | 'category' | 'listFactor' | 'marketplace'>,
): string {
  const tags = [
    p.category.slug,
    p.category.name,
    p.listFactor ? 'deal deals sale' : '',
    p.marketplace === 'aliexpress' ? 'aliexpress' : 'ebay',
  ];
  return `${p.title} ${p.brand} ${tags.join(' ')}`.toLowerCase();
}

/** USD → another currency with the §9 fallback rates (the demo's "exchange"), rounded to cents. */
export function convertUsd(amount: number, currency: string): number {
  const rate = (FALLBACK_RATES_PER_USD as Readonly<Record<string, number>>)[currency.toUpperCase()] ?? 1;
  return round2(amount * rate);
}

export function toUsd(amount: number, currency: string): number {
  const rate = (FALLBACK_RATES_PER_USD as Readonly<Record<string, number>>)[currency.toUpperCase()] ?? 1;
  return amount / rate;
}

/** Search matching: words AND, "(a, b)" groups OR (the Browse q syntax); substring match on the search text. */
export function matchesQuery(product: DemoProduct, q: string | undefined): boolean {
  if (!q || !q.trim()) return true;
  const tokens = q.toLowerCase().match(/\([^)]*\)|[^\s()]+/g) ?? [];
  return tokens.every((token) => {
    if (token.startsWith('(')) {
      return token
        .slice(1, -1)
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
        .some((alt) => product.searchText.includes(alt));
    }
    return product.searchText.includes(token);
  });
}
