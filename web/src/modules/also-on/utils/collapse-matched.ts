import type { Product } from '@pt/contracts';
import { groupListings, landedTotal } from '@pt/domain';

/** What a collapsed card says: the lowest landed total of its group and on how many marketplaces. */
export interface MatchedOffers {
  fromLanded: number;
  marketplaces: number;
}

export interface CollapsedResults {
  products: Product[];
  /** By the id of the card that stands for a group. */
  offers: ReadonlyMap<string, MatchedOffers>;
}

/**
 * One result page with the listings the matching rule groups as one product (libs/domain
 * groupListings: the same variant, never below its threshold) collapsed into one card when the
 * group spans more than one marketplace: the cheapest landed listing (in `currency`, the shopper's)
 * stands for it, in the place of the group's first listing, so relevance order is kept. Only this
 * page's listings are grouped: a twin on another page is the product page's to show.
 */
export function collapseMatched(products: readonly Product[], currency: string): CollapsedResults {
  const groups = groupListings(products.map((p) => ({ title: p.title, identifiers: p.identifiers })));
  const standIn = new Map<number, number>();
  const dropped = new Set<number>();
  const offers = new Map<string, MatchedOffers>();
  for (const group of groups) {
    const members = group.map((i) => products[i] as Product);
    const marketplaces = new Set(members.map((p) => p.marketplace ?? p.source)).size;
    if (marketplaces < 2) continue;
    const landed = members.map((p) => landedTotal(p, currency));
    const cheapest = landed.indexOf(Math.min(...landed));
    const first = group[0] as number;
    for (const i of group) dropped.add(i);
    standIn.set(first, group[cheapest] as number);
    offers.set((products[group[cheapest] as number] as Product).id, {
      fromLanded: landed[cheapest] as number,
      marketplaces,
    });
  }
  const collapsed = products.flatMap((p, i) => {
    const stand = standIn.get(i);
    if (stand !== undefined) return [products[stand] as Product];
    return dropped.has(i) ? [] : [p];
  });
  return { products: collapsed, offers };
}
