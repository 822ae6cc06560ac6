import { describe, expect, it } from 'vitest';
import { canonicalCandleSymbol, candleSymbol } from './candle-symbol.js';

describe('candle symbols', () => {
  it('asks for daily candles without tho=true', () => {
    expect(candleSymbol('SPY')).toBe('SPY{=1d}');
  });

  it("matches tastytrade's renamed period to the one asked for", () => {
    expect(canonicalCandleSymbol('SPY{=1d}')).toBe(canonicalCandleSymbol('SPY{=d}'));
    expect(canonicalCandleSymbol('SPY{=1mo,tho=true}')).toBe('SPY{=mo,tho=true}');
    expect(canonicalCandleSymbol('SPY{tho=true,=5m}')).toBe('SPY{=5m,tho=true}');
  });

  it('keeps periods and symbols apart that differ', () => {
    expect(canonicalCandleSymbol('SPY{=2d}')).not.toBe(canonicalCandleSymbol('SPY{=d}'));
    expect(canonicalCandleSymbol('QQQ{=1d}')).not.toBe(canonicalCandleSymbol('SPY{=1d}'));
    expect(canonicalCandleSymbol('SPY')).toBe('SPY');
  });
});
