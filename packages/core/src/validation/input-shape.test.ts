import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkInputShape, INPUT_LIMITS, inputShapeProblem } from './input-shape.js';

const nested = (depth: number, leaf: unknown = 'x'): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('inputShapeProblem', () => {
  it('takes real tool input', () => {
    expect(inputShapeProblem({ ticker: 'SPY', grid: { widths: [5, 10], deltas: [[0.1, 0.2]] } })).toBeNull();
  });

  it('takes exactly the depth limit and refuses one more', () => {
    expect(inputShapeProblem(nested(INPUT_LIMITS.maxDepth))).toBeNull();
    expect(inputShapeProblem(nested(INPUT_LIMITS.maxDepth + 1))).toBe('depth');
  });

  it('walks 100,000-deep nesting without overflowing the stack', () => {
    expect(inputShapeProblem({ email: nested(100_000) })).toBe('depth');
  });

  it('refuses too many values and too long strings or keys', () => {
    expect(inputShapeProblem(Array.from({ length: INPUT_LIMITS.maxNodes }, () => 1))).toBe('nodes');
    expect(inputShapeProblem({ email: 'a'.repeat(INPUT_LIMITS.maxStringLength + 1) })).toBe('string');
    expect(inputShapeProblem({ ['k'.repeat(INPUT_LIMITS.maxStringLength + 1)]: 1 })).toBe('string');
  });

  test.prop([fc.jsonValue({ maxDepth: 8 })])('any shallow JSON value passes', (value) => {
    expect(inputShapeProblem(value)).toBeNull();
  });

  test.prop([fc.integer({ min: INPUT_LIMITS.maxDepth + 1, max: 5_000 }), fc.constantFrom('[', '{')])(
    'any nesting past the limit is refused, arrays and objects alike',
    (depth, bracket) => {
      let value: unknown = 'leaf';
      for (let i = 0; i < depth; i += 1) value = bracket === '[' ? [value] : { a: value };
      expect(inputShapeProblem(value)).toBe('depth');
    },
  );
});

describe('checkInputShape', () => {
  it('answers VALIDATION_ERROR that echoes nothing of the input', () => {
    const error = checkInputShape('register', { email: nested(2_500), password: 'MyRealPassw0rd!!' });
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', received: null });
    expect(JSON.stringify(error)).not.toContain('MyRealPassw0rd');
  });
});
