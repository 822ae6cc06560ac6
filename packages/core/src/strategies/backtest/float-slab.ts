/** Doubles per shared block: 512 KiB. */
const BLOCK_LENGTH = 1 << 16;

/**
 * Hands out zeroed Float64Arrays as views of a few large blocks. A run builds thousands of short paths
 * (a leg's quotes, a trade's daily debits) that all live as long as the run: each `new Float64Array(n)`
 * of more than 8 doubles gets its own off-heap backing store, which costs more to allocate and to
 * collect than filling it, while a view of a shared block is a small heap object.
 *
 * @example const slab = new Float64Slab(); const path = slab.take(40); // path.length === 40
 */
export class Float64Slab {
  private block = new Float64Array(0);
  private used = 0;

  /** A zeroed array of `length` doubles, not shared with any other `take`. */
  take(length: number): Float64Array {
    if (length > BLOCK_LENGTH) return new Float64Array(length);
    if (this.used + length > this.block.length) {
      this.block = new Float64Array(BLOCK_LENGTH);
      this.used = 0;
    }
    const view = this.block.subarray(this.used, this.used + length);
    this.used += length;
    return view;
  }
}
