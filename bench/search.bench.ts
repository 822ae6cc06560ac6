import { syntheticChains } from '../packages/core/src/condors/chain-fixture.js';
import { bruteForceIronCondors, searchIronCondors, spreadGroups } from '../packages/core/src/condors/search.js';
import { SORT_KEYS, type SearchCriteria } from '../packages/core/src/condors/types.js';
import { measure, ms, type Timing } from './measure.js';

export interface SearchBenchRow {
  readonly sortBy: string;
  readonly search: Timing;
  readonly bruteForce: Timing;
  readonly pairs: number;
}

/** find_iron_condors' search on 20 expiries × 400 strikes × 5 widths, against scoring every pair. */
export function benchSearch(): { rows: SearchBenchRow[]; spreads: Timing; contracts: number } {
  const market = { spot: 500, rate: 0.04, dividendYield: 0.013 };
  const chains = syntheticChains(market, { expiries: 20, strikes: 400, step: 1, seed: 42 });
  const base: Omit<SearchCriteria, 'sortBy'> = {
    shortDeltaMin: 0.05,
    shortDeltaMax: 0.35,
    widths: [1, 2, 3, 5, 10],
    minCredit: 0.1,
    minCreditToWidth: 0,
    maxLegSpread: 5,
    minOpenInterest: 0,
    topK: 10,
  };
  const groups = spreadGroups(market, chains, { ...base, sortBy: 'pop' });
  const pairs = groups.reduce((sum, g) => sum + g.puts.length * g.calls.length, 0);
  // All searches first, then the baselines: a baseline run leaves ~600k scored condors for the
  // garbage collector, which would otherwise land in the next search's timings.
  const searched = SORT_KEYS.map((sortBy) => {
    let found: ReturnType<typeof searchIronCondors> = [];
    const timing = measure(() => (found = searchIronCondors(market, chains, { ...base, sortBy })), { warmup: 5, runs: 41 });
    return { sortBy, timing, found };
  });
  const rows = searched.map(({ sortBy, timing, found }) => {
    let slow: ReturnType<typeof bruteForceIronCondors> = [];
    // The baseline scores ~600k pairs (seconds per run): one warm-up, three timed runs.
    const bruteForce = measure(() => (slow = bruteForceIronCondors(market, chains, { ...base, sortBy })), { warmup: 1, runs: 3 });
    if (JSON.stringify(found.map((c) => c.score)) !== JSON.stringify(slow.map((c) => c.score))) {
      throw new Error(`search and brute force disagree for ${sortBy}`);
    }
    return { sortBy, search: timing, bruteForce, pairs };
  });
  const spreads = measure(() => spreadGroups(market, chains, { ...base, sortBy: 'pop' }), { warmup: 5, runs: 41 });
  return { rows, spreads, contracts: chains.reduce((sum, c) => sum + c.contracts.length, 0) };
}

export function searchReport(): string {
  const { rows, spreads, contracts } = benchSearch();
  const lines = [
    '## find_iron_condors search',
    '',
    `Chain: 20 expiries × 400 strikes (${String(contracts)} contracts), 5 wing widths, short |Δ| 0.05–0.35, top 10. ` +
      `${String(rows[0]?.pairs ?? 0)} put-spread × call-spread pairs exist; the baseline scores every one of them ` +
      '(after the same per-side spread building), the search visits pairs best-first and stops at the k-th. Both return the same list.',
    '',
    `Building the per-side spreads (included in both): median ${ms(spreads.medianMs)}.`,
    '',
    '| sort by | search median | search p90 | brute force median | speed-up |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.sortBy} | ${ms(r.search.medianMs)} | ${ms(r.search.p90Ms)} | ${ms(r.bruteForce.medianMs)} | ${(r.bruteForce.medianMs / r.search.medianMs).toFixed(1)}× |`,
    ),
    '',
    'Target: under 20 ms median for the full search.',
  ];
  return lines.join('\n');
}
