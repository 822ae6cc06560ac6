import { describe, expect, it } from 'vitest';
import { axisDollars, axisPrice, dollars, listWords, percent, price } from './format.js';

describe('formatting for people', () => {
  it('writes dollars with cents and a real minus sign', () => {
    expect([dollars(70), dollars(-430), dollars(1234.5), dollars(0)]).toEqual(['$70.00', '\u2212$430.00', '$1,234.50', '$0.00']);
    expect([axisDollars(50), axisDollars(-400), axisDollars(12.5)]).toEqual(['$50', '\u2212$400', '$12.50']);
  });

  it('writes prices, percentages and lists', () => {
    expect([price(654.3), axisPrice(660), axisPrice(0.30000000000000004), percent(0.684)]).toEqual(['654.30', '660', '0.3', '68%']);
    expect([listWords([]), listWords(['a']), listWords(['a', 'b']), listWords(['a', 'b', 'c'])]).toEqual(['', 'a', 'a and b', 'a, b and c']);
  });
});
