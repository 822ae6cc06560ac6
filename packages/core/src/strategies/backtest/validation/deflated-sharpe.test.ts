import { describe, expect, it } from 'vitest';
import { expectedMaxSharpe, probabilisticSharpe, returnMoments } from './deflated-sharpe.js';

describe('the deflated Sharpe ratio (Bailey & López de Prado, "The Deflated Sharpe Ratio", J. Portfolio Management 2014)', () => {
  // The paper's numerical example: an annualised Sharpe ratio of 2.5 from 5 years of daily returns (T = 1,250, 250 a
  // year) after N = 100 trials whose Sharpe ratios have an annualised variance of 1/2, with skew −3 and kurtosis 10.
  const perDay = 2.5 / Math.sqrt(250);
  const variance = 0.5 / 250;

  it('the expected maximum Sharpe ratio of 100 trials with no skill: 0.1132 a day (1.79 a year)', () => {
    expect(expectedMaxSharpe(100, variance)).toBeCloseTo(0.1132, 4);
  });

  it('DSR = 0.9004: about 90 % that the best trial’s true Sharpe ratio is above zero', () => {
    const dsr = probabilisticSharpe({ observations: 1250, mean: 0, sharpe: perDay, skew: -3, kurtosis: 10 }, expectedMaxSharpe(100, variance));
    expect(dsr).toBeCloseTo(0.9004, 3);
  });

  it('one trial deflates nothing, and a Sharpe ratio at the benchmark is a coin toss', () => {
    expect(expectedMaxSharpe(1, variance)).toBe(0);
    expect(probabilisticSharpe({ observations: 100, mean: 0, sharpe: 0.2, skew: 0, kurtosis: 3 }, 0.2)).toBeCloseTo(0.5, 12);
  });

  it('more trials raise the bar', () => {
    expect(expectedMaxSharpe(540, variance)).toBeGreaterThan(expectedMaxSharpe(100, variance));
  });

  it('returnMoments: mean over the sample deviation, skewness and (non-excess) kurtosis', () => {
    const moments = returnMoments([1, 2, 3, 4, 5]);
    expect(moments?.mean).toBe(3);
    expect(moments?.sharpe).toBeCloseTo(3 / Math.sqrt(2.5), 12);
    expect(moments?.skew).toBeCloseTo(0, 12);
    expect(moments?.kurtosis).toBeCloseTo(1.7, 12);
    expect(returnMoments([1, 1, 1])).toBeNull();
    expect(returnMoments([1])).toBeNull();
    // A crash among small gains: skewed left, fat-tailed.
    const crash = returnMoments([1, 1, 1, 1, 1, 1, 1, 1, 1, -20]);
    expect(crash?.skew).toBeLessThan(-2);
    expect(crash?.kurtosis).toBeGreaterThan(6);
  });
});
