import { describe, expect, it } from 'vitest';
import { csrfMatches } from './csrf-field.js';

describe('csrfMatches', () => {
  it('accepts only the exact token', () => {
    expect(csrfMatches('abc123', 'abc123')).toBe(true);
    for (const posted of ['abc124', 'abc12', 'abc1234', '', null, 'ABC123']) expect(csrfMatches('abc123', posted)).toBe(false);
  });
});
