/**
 * The labelled pairs cross-marketplace matching is measured on, from the demo catalog's ground
 * truth (models.ts): true matches (one variant on eBay and on AliExpress) and near-misses — the
 * other variant of the model, the model's successor from the same brand, and one-off listings of
 * the same brand and kind. Each listing is what its marketplace gives: eBay a title and the item
 * endpoint's identifiers, AliExpress a title alone.
 */
import { matchListings, type MatchableListing } from '@pt/domain';
import type { DemoCatalog, DemoProduct } from './catalog';

export type PairKind = 'same-variant' | 'other-variant' | 'successor-model' | 'same-brand-and-kind';

export interface LabelledPair {
  a: DemoProduct;
  b: DemoProduct;
  kind: PairKind;
  /** Ground truth: the two listings sell the same product. */
  same: boolean;
}

/** A demo listing as its marketplace's API describes it (what the mappers keep). */
export function listingAsGiven(product: DemoProduct): MatchableListing {
  if (product.marketplace === 'aliexpress') return { title: product.title };
  return { title: product.title, identifiers: { ...product.identifiers, brand: product.brand } };
}

/** One-off pairs of the same brand and kind across the marketplaces, at most this many. */
const SAME_BRAND_PAIRS = 120;

export function labelledPairs(catalog: DemoCatalog): LabelledPair[] {
  const listings = new Map<string, DemoProduct>();
  const models: string[] = [];
  for (const p of catalog.products) {
    if (!p.modelId) continue;
    if (!models.includes(p.modelId)) models.push(p.modelId);
    listings.set(`${p.variantId}/${p.marketplace}`, p);
  }
  const at = (model: string, variant: number, marketplace: 'ebay' | 'aliexpress') =>
    listings.get(`${model}/${variant}/${marketplace}`) as DemoProduct;
  const pairs: LabelledPair[] = [];
  const add = (a: DemoProduct, b: DemoProduct, kind: PairKind) =>
    pairs.push({ a, b, kind, same: a.variantId === b.variantId });
  for (const model of models) {
    for (const v of [0, 1]) add(at(model, v, 'ebay'), at(model, v, 'aliexpress'), 'same-variant');
    add(at(model, 0, 'ebay'), at(model, 1, 'aliexpress'), 'other-variant');
    add(at(model, 1, 'ebay'), at(model, 0, 'aliexpress'), 'other-variant');
    add(at(model, 0, 'ebay'), at(model, 1, 'ebay'), 'other-variant');
    add(at(model, 0, 'aliexpress'), at(model, 1, 'aliexpress'), 'other-variant');
  }
  // Models come in couples (model-<couple>-0 and its successor model-<couple>-1).
  for (const model of models.filter((m) => m.endsWith('-0'))) {
    const successor = model.replace(/-0$/, '-1');
    for (const v of [0, 1]) {
      add(at(model, v, 'ebay'), at(successor, v, 'aliexpress'), 'successor-model');
      add(at(successor, v, 'ebay'), at(model, v, 'aliexpress'), 'successor-model');
    }
  }
  const solo = catalog.products.filter((p) => !p.modelId);
  const aliexpressByKind = new Map<string, DemoProduct>();
  for (const p of solo) {
    if (p.marketplace === 'aliexpress') aliexpressByKind.set(`${p.brand}|${p.noun}`, p);
  }
  let sameBrand = 0;
  for (const p of solo) {
    if (sameBrand >= SAME_BRAND_PAIRS) break;
    const other = p.marketplace === 'ebay' ? aliexpressByKind.get(`${p.brand}|${p.noun}`) : undefined;
    if (!other) continue;
    add(p, other, 'same-brand-and-kind');
    sameBrand++;
  }
  return pairs;
}

export interface MatchingScore {
  threshold: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  /** Of the merged pairs, the share that are the same product (1 when nothing merged). */
  precision: number;
  /** Of the same-product pairs, the share merged. */
  recall: number;
}

/** Precision and recall of `matchListings` over labelled pairs at a threshold. */
export function scoreMatching(pairs: readonly LabelledPair[], threshold: number): MatchingScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const pair of pairs) {
    const merged = matchListings(listingAsGiven(pair.a), listingAsGiven(pair.b), threshold).match;
    if (merged && pair.same) tp++;
    else if (merged) fp++;
    else if (pair.same) fn++;
    else tn++;
  }
  return {
    threshold,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    trueNegatives: tn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
  };
}

/**
 * The highest confidence any different-product pair gets, and the lowest any same-product pair
 * merged on title similarity gets: the chosen threshold sits between the two.
 */
export function confidenceGap(pairs: readonly LabelledPair[]): { highestWrong: number; lowestRight: number } {
  let highestWrong = 0;
  let lowestRight = 1;
  for (const pair of pairs) {
    const verdict = matchListings(listingAsGiven(pair.a), listingAsGiven(pair.b), 0);
    if (!pair.same) highestWrong = Math.max(highestWrong, verdict.confidence);
    else if (verdict.reason === 'similarity' && verdict.confidence > 0.5) {
      lowestRight = Math.min(lowestRight, verdict.confidence);
    }
  }
  return { highestWrong, lowestRight };
}

/** The scores as a printable table, one line per threshold. */
export function matchingTable(scores: readonly MatchingScore[], chosen: number): string {
  const lines = scores.map(
    (s) =>
      `${s.threshold.toFixed(2).padStart(9)} ${s.precision.toFixed(3).padStart(9)} ${s.recall.toFixed(3).padStart(6)}` +
      ` ${String(s.truePositives).padStart(4)} ${String(s.falsePositives).padStart(4)} ${String(s.falseNegatives).padStart(4)} ${String(s.trueNegatives).padStart(4)}` +
      (s.threshold === chosen ? '  ← chosen' : ''),
  );
  return [`threshold precision recall   TP   FP   FN   TN`, ...lines].join('\n');
}
