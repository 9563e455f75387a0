// `npm run bench:matching`: precision and recall of cross-marketplace matching (libs/domain
// product-matching) on the demo catalog's labelled pairs (libs/demo-marketplaces matching-set),
// at the chosen threshold and a few around it, for several seeds so the choice does not rest on
// one draw; then how fast pairs are judged. Fails when precision at the chosen threshold is below
// 0.98 for any seed.
//
// Knobs: BENCH_MATCHING_SEEDS (seeds, default 5, smoke 1), BENCH_MATCHING_SIZE (generated
// products per catalog, default 6000, smoke 2000).
import { createRequire } from 'node:module';
import { knob } from '../../../scripts/benches.mjs';

const require = createRequire(import.meta.url);
const { MATCH_THRESHOLD } = require('@pt/domain');
const { DemoCatalog } = require('../dist/catalog.js');
const { confidenceGap, labelledPairs, matchingTable, scoreMatching } = require('../dist/matching-set.js');

const seeds = knob('BENCH_MATCHING_SEEDS', 5, 1);
const size = knob('BENCH_MATCHING_SIZE', 6000, 2000);
const thresholds = [0.4, 0.5, 0.6, 0.7, MATCH_THRESHOLD, 0.9, 1];
const MIN_PRECISION = 0.98;

let failed = false;
let judged = 0;
let judgingMs = 0;
for (let s = 0; s < seeds; s++) {
  const seed = s === 0 ? 'demo' : `matching-${s}`;
  const pairs = labelledPairs(new DemoCatalog({ seed, size }));
  const started = performance.now();
  const scores = thresholds.map((t) => scoreMatching(pairs, t));
  judgingMs += performance.now() - started;
  judged += pairs.length * thresholds.length;
  const gap = confidenceGap(pairs);
  console.log(
    `\nseed "${seed}", ${pairs.length} labelled pairs (${pairs.filter((p) => p.same).length} same product)`,
  );
  console.log(matchingTable(scores, MATCH_THRESHOLD));
  console.log(
    `highest different-product confidence ${gap.highestWrong}, lowest same-product above 0.5 ${gap.lowestRight}`,
  );
  const chosen = scores.find((score) => score.threshold === MATCH_THRESHOLD);
  if (!chosen || chosen.precision < MIN_PRECISION || pairs.length < 200) {
    console.log(
      `FAIL: precision ${chosen?.precision} at ${MATCH_THRESHOLD} (need ≥ ${MIN_PRECISION}) on ${pairs.length} pairs`,
    );
    failed = true;
  }
}
console.log(
  `\n${judged} pair verdicts in ${judgingMs.toFixed(0)} ms (${((judgingMs * 1000) / judged).toFixed(1)} µs each)`,
);
process.exit(failed ? 1 : 0);
