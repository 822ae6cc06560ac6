import type { Columns } from '../columns/columns.js';
import { DescendingOrder } from './descending-order.js';

/**
 * Best-first search over pairs drawn from two lists per group, for the k best pairs overall
 * (design: options-math §4, "k-largest pair sums"). Each group scores a pair (i, j) from a separable
 * sum `leftKey(i) + rightKey(j)` through a monotone `bound`; the exact `score` of a pair never exceeds its
 * bound. Pairs are visited in bound order and the search stops once no unvisited pair can beat the
 * k-th best exact score: O(items + visited · log items), never the full cross product.
 */
export interface PairGroup {
  /** One number per left item that orders the items as their keys do (the keys themselves, or any increasing function of them). */
  readonly leftRanks: ArrayLike<number>;
  readonly rightRanks: ArrayLike<number>;
  /** The separable key of an item: read only for the items the search reaches. */
  readonly leftKey: (item: number) => number;
  readonly rightKey: (item: number) => number;
  /** Monotone non-decreasing in the separable sum. */
  readonly bound: (sum: number) => number;
}

export interface PairSearch<T> {
  readonly groups: readonly PairGroup[];
  readonly k: number;
  /** The exact result for a pair of item indices, or null when the pair fails a filter (it does not count). */
  readonly evaluate: (group: number, left: number, right: number) => T | null;
  readonly score: (result: T) => number;
  /** A total order on results: negative when `a` ranks first. Must agree with `score` (higher first). */
  readonly compare: (a: T, b: T) => number;
  /** Where the rank orders' columns come from; each its own array when absent. */
  readonly columns?: Columns;
}

interface Frontier {
  readonly group: number;
  /** Ranks in each side's descending key order. */
  readonly i: number;
  readonly j: number;
  readonly bound: number;
}

/** Slack for floating-point rounding between a bound and the score it bounds. */
const EPSILON = 1e-12;

export function searchPairs<T>({ groups, k, evaluate, score, compare, columns }: PairSearch<T>): T[] {
  const frontier = new MaxHeap<Frontier>((a, b) => a.bound - b.bound);
  const sides = groups.map((g) => ({ left: new DescendingOrder(g.leftRanks, columns), right: new DescendingOrder(g.rightRanks, columns), seen: new Set<number>() }));
  const push = (group: number, i: number, j: number): void => {
    const g = groups[group];
    const side = sides[group];
    if (g === undefined || side === undefined || i >= side.left.length || j >= side.right.length) return;
    const id = i * side.right.length + j;
    if (side.seen.has(id)) return;
    side.seen.add(id);
    frontier.push({ group, i, j, bound: g.bound(g.leftKey(side.left.at(i)) + g.rightKey(side.right.at(j))) });
  };
  groups.forEach((_, group) => { push(group, 0, 0); });

  const best: T[] = [];
  for (let next = frontier.pop(); next !== undefined; next = frontier.pop()) {
    const kth = best.length >= k ? best[k - 1] : undefined;
    if (kth !== undefined && next.bound < score(kth) - EPSILON) break;
    const side = sides[next.group];
    const result = side === undefined ? null : evaluate(next.group, side.left.at(next.i), side.right.at(next.j));
    if (result !== null) insertRanked(best, result, k, compare);
    push(next.group, next.i + 1, next.j);
    push(next.group, next.i, next.j + 1);
  }
  return best;
}

/** Inserts `item` into the ranked list of at most `k`, keeping the order of `compare`. */
export function insertRanked<T>(ranked: T[], item: T, k: number, compare: (a: T, b: T) => number): void {
  let at = ranked.length;
  while (at > 0 && compare(item, ranked[at - 1] as T) < 0) at--;
  if (at >= k) return;
  ranked.splice(at, 0, item);
  if (ranked.length > k) ranked.pop();
}

/** A binary max-heap. */
class MaxHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly order: (a: T, b: T) => number) {}

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let child = items.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (this.order(items[child] as T, items[parent] as T) <= 0) break;
      [items[child], items[parent]] = [items[parent] as T, items[child] as T];
      child = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let parent = 0;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let largest = parent;
      if (left < items.length && this.order(items[left] as T, items[largest] as T) > 0) largest = left;
      if (right < items.length && this.order(items[right] as T, items[largest] as T) > 0) largest = right;
      if (largest === parent) return top;
      [items[parent], items[largest]] = [items[largest] as T, items[parent] as T];
      parent = largest;
    }
  }
}
