import { describe, expect, it } from 'vitest';
import { sharedColumns, SEPARATE_COLUMNS, type Columns } from './columns.js';

describe.each([
  ['sharedColumns', sharedColumns],
  ['SEPARATE_COLUMNS', () => SEPARATE_COLUMNS],
] as const)('%s', (_name, make: () => Columns) => {
  it('hands out zeroed columns of the asked length that never overlap', () => {
    const columns = make();
    const floats = Array.from({ length: 3000 }, (_, i) => columns.float64(1 + (i % 61)));
    const ints = Array.from({ length: 3000 }, (_, i) => columns.int32(1 + (i % 37)));
    for (const [arrays, lengthOf] of [
      [floats, (i: number) => 1 + (i % 61)],
      [ints, (i: number) => 1 + (i % 37)],
    ] as const) {
      arrays.forEach((array, i) => {
        expect(array.length).toBe(lengthOf(i));
        expect(array.every((value) => value === 0)).toBe(true);
        array.fill(i + 1);
      });
      arrays.forEach((array, i) => {
        expect(array.every((value) => value === i + 1)).toBe(true);
      });
    }
  });

  it('gives a column longer than a block its own storage', () => {
    const columns = make();
    const small = columns.float64(4);
    const large = columns.float64(70_000);
    large.fill(7);
    expect(large.length).toBe(70_000);
    expect([...small]).toEqual([0, 0, 0, 0]);
  });
});
