import { describe, expect, it } from 'vitest';
import { money, moneyAxis, moneyGrouped, moneyPrecise, moneyUnsigned, roundCents } from './money.js';

describe('money in words', () => {
  it('writes dollars three ways: with the sign as it is, without it, and as a figure with separators and a minus sign', () => {
    expect([money(2), money(-0.5)]).toEqual(['$2.00', '$-0.50']);
    expect([moneyUnsigned(-0.7), moneyUnsigned(70)]).toEqual(['$0.70', '$70.00']);
    expect([moneyGrouped(1234.5), moneyGrouped(-430), moneyGrouped(1_000_000), moneyGrouped(0)]).toEqual(['$1,234.50', '\u2212$430.00', '$1,000,000.00', '$0.00']);
  });

  it('writes per-share figures after costs to a hundredth of a cent', () => {
    expect([moneyPrecise(1.23456), moneyPrecise(-0.5)]).toEqual(['$1.2346', '$-0.5000']);
  });

  it('writes an axis amount without cents when whole', () => {
    expect([moneyAxis(50), moneyAxis(-400), moneyAxis(12.5), moneyAxis(1500)]).toEqual(['$50', '\u2212$400', '$12.50', '$1,500']);
  });

  it('rounds amounts to the cent', () => {
    expect([roundCents(2.345), roundCents(-1.239), roundCents(430)]).toEqual([2.35, -1.24, 430]);
  });
});
