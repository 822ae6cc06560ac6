/** Where a computation's typed-array columns come from. */
export interface Columns {
  /** A zeroed array of `length` doubles, not shared with any other. */
  float64(length: number): Float64Array;
  /** A zeroed array of `length` 32-bit integers, not shared with any other. */
  int32(length: number): Int32Array;
}

/** Each column its own typed array. */
export const SEPARATE_COLUMNS: Columns = {
  float64: (length) => new Float64Array(length),
  int32: (length) => new Int32Array(length),
};

/** Elements per shared block: 256 KiB of doubles. */
const BLOCK_LENGTH = 1 << 15;

type Column = Float64Array | Int32Array;

function blocks<T extends Column>(allocate: (length: number) => T): (length: number) => T {
  let block = allocate(0);
  let used = 0;
  return (length) => {
    if (length > BLOCK_LENGTH) return allocate(length);
    if (used + length > block.length) {
      block = allocate(BLOCK_LENGTH);
      used = 0;
    }
    const view = block.subarray(used, used + length) as T;
    used += length;
    return view;
  };
}

/**
 * Columns as views of a few large blocks, for a computation that builds hundreds or thousands of short columns that
 * all live as long as it (a search's spread columns, a backtest's leg paths): each `new Float64Array(n)` of more than
 * 8 doubles gets its own off-heap backing store, which costs more to allocate and to collect than filling it, while a
 * view of a shared block is a small heap object. Drop the columns to free the blocks.
 *
 * @example const columns = sharedColumns(); const path = columns.float64(40); // zeroed, length 40
 */
export function sharedColumns(): Columns {
  return { float64: blocks((length) => new Float64Array(length)), int32: blocks((length) => new Int32Array(length)) };
}
