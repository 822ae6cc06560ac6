import { describe, expect, it } from 'vitest';
import { Float64Slab } from './float-slab.js';

describe('Float64Slab', () => {
  it('hands out zeroed arrays of the asked length that never overlap', () => {
    const slab = new Float64Slab();
    const arrays = Array.from({ length: 3000 }, (_, i) => slab.take(1 + (i % 61)));
    arrays.forEach((array, i) => {
      expect(array.length).toBe(1 + (i % 61));
      expect(array.every((value) => value === 0)).toBe(true);
      array.fill(i + 1);
    });
    arrays.forEach((array, i) => {
      expect(array.every((value) => value === i + 1)).toBe(true);
    });
  });

  it('gives an array longer than a block its own storage', () => {
    const slab = new Float64Slab();
    const small = slab.take(4);
    const large = slab.take(70_000);
    large.fill(7);
    expect(large.length).toBe(70_000);
    expect([...small]).toEqual([0, 0, 0, 0]);
  });
});
