import { describe, expect, it } from 'vitest';
import { bandRangeWords, oneSide, perShareWords } from './band.js';

describe('a band in words', () => {
  it('says a per-share price as a credit or a debit', () => {
    expect([perShareWords(-1.25), perShareWords(0.35), perShareWords(0)]).toEqual(['a credit of $1.25', 'a debit of $0.35', '$0.00']);
  });

  it('says a band from its start to its worst price: a credit goes down, a debit up, a band across zero names both sides', () => {
    expect(bandRangeWords(-1.25, -1.2)).toBe('a credit of $1.25 down to $1.20 per share');
    expect(bandRangeWords(0.35, 0.4)).toBe('a debit of $0.35 up to $0.40 per share');
    expect(bandRangeWords(-0.02, 0.03)).toBe('a credit of $0.02 to a debit of $0.03 per share');
    expect(bandRangeWords(0, 0.05)).toBe('$0.00 to a debit of $0.05 per share');
  });

  it('says a one-price band as that price', () => {
    expect(bandRangeWords(-1.25, -1.25)).toBe('a credit of $1.25 per share');
    expect(bandRangeWords(0.4, 0.4)).toBe('a debit of $0.40 per share');
  });

  it('tells whether prices all lie on one side of zero', () => {
    expect([oneSide([-1, -2]), oneSide([1, 2]), oneSide([-1, 1]), oneSide([0, 1])]).toEqual([true, true, false, false]);
  });
});
