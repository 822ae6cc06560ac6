import { SEPARATE_COLUMNS, type Columns } from '../columns/columns.js';

/**
 * The indices of `keys` from the largest key down, sorted only as far as they are read: the first by
 * one scan, the rest through a binary heap built in O(n) on the first read past it, then O(log n) per
 * rank. A best-first search reads the top of most lists and a few ranks of the others.
 */
export class DescendingOrder {
  private heap: Int32Array | undefined;
  private size = 0;
  private readonly ranked: Int32Array;
  private count = 0;

  constructor(
    private readonly keys: ArrayLike<number>,
    private readonly columns: Columns = SEPARATE_COLUMNS,
  ) {
    this.ranked = columns.int32(keys.length);
    if (keys.length === 0) return;
    let top = 0;
    for (let i = 1; i < keys.length; i++) if ((keys[i] as number) > (keys[top] as number)) top = i;
    this.ranked[0] = top;
    this.count = 1;
  }

  get length(): number {
    return this.keys.length;
  }

  /** The index of the `rank`-th largest key (0 = the largest); `rank` must be below `length`. */
  at(rank: number): number {
    if (rank >= this.count) {
      const heap = this.heap ?? this.buildHeap();
      while (this.count <= rank) {
        this.ranked[this.count++] = heap[0] as number;
        heap[0] = heap[--this.size] as number;
        this.siftDown(heap, 0);
      }
    }
    return this.ranked[rank] as number;
  }

  /** The heap of every index but the first one ranked. */
  private buildHeap(): Int32Array {
    const first = this.ranked[0] as number;
    const heap = this.columns.int32(this.keys.length - 1);
    for (let i = 0, at = 0; i < this.keys.length; i++) if (i !== first) heap[at++] = i;
    this.size = heap.length;
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(heap, i);
    this.heap = heap;
    return heap;
  }

  private siftDown(heap: Int32Array, from: number): void {
    const { keys, size } = this;
    const item = heap[from] as number;
    const key = keys[item] as number;
    let parent = from;
    for (;;) {
      let child = 2 * parent + 1;
      if (child >= size) break;
      if (child + 1 < size && (keys[heap[child + 1] as number] as number) > (keys[heap[child] as number] as number)) child++;
      if ((keys[heap[child] as number] as number) <= key) break;
      heap[parent] = heap[child] as number;
      parent = child;
    }
    heap[parent] = item;
  }
}
