import { MATCH_THRESHOLD, matchListings } from '@pt/domain';
import { DemoCatalog } from './catalog';
import { confidenceGap, labelledPairs, listingAsGiven, matchingTable, scoreMatching } from './matching-set';

/** Thresholds printed beside the chosen one, so the table shows what moving it would cost. */
const THRESHOLDS = [0.4, 0.5, 0.6, 0.7, MATCH_THRESHOLD, 0.9, 1];

describe('cross-marketplace matching on the demo catalog’s labelled pairs', () => {
  const pairs = labelledPairs(new DemoCatalog({ seed: 'demo' }));

  it('has at least 200 pairs: true matches and each kind of near-miss', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(200);
    const kinds = new Map<string, number>();
    for (const pair of pairs)
      kinds.set(`${pair.kind}:${pair.same}`, (kinds.get(`${pair.kind}:${pair.same}`) ?? 0) + 1);
    expect(Object.fromEntries(kinds)).toEqual({
      'same-variant:true': expect.any(Number),
      'other-variant:false': expect.any(Number),
      'successor-model:false': expect.any(Number),
      'same-brand-and-kind:false': expect.any(Number),
    });
  });

  it(`prints precision and recall by threshold; precision ≥ 0.98 at the chosen ${MATCH_THRESHOLD}`, () => {
    const scores = THRESHOLDS.map((t) => scoreMatching(pairs, t));
    const gap = confidenceGap(pairs);
    console.log(
      `matching, ${pairs.length} labelled pairs (seed "demo"):\n${matchingTable(scores, MATCH_THRESHOLD)}\n` +
        `highest different-product confidence ${gap.highestWrong}, lowest same-product confidence above 0.5 ${gap.lowestRight}`,
    );
    const chosen = scores.find((s) => s.threshold === MATCH_THRESHOLD)!;
    // The threshold sits between the two, away from the wrong pairs.
    expect(gap.highestWrong).toBeLessThan(MATCH_THRESHOLD);
    expect(gap.lowestRight).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(chosen.precision).toBeGreaterThanOrEqual(0.98);
    expect(chosen.recall).toBeGreaterThanOrEqual(0.7);
  });

  it('never merges listings of different variations of one item', () => {
    // At threshold 0 only a veto (a variant conflict or differing identifiers) keeps a pair apart.
    const merged = pairs
      .filter((p) => p.kind === 'other-variant')
      .filter((p) => matchListings(listingAsGiven(p.a), listingAsGiven(p.b), 0).match)
      .map((p) => `${p.a.title} ≟ ${p.b.title}`);
    expect(merged).toEqual([]);
  });
});
