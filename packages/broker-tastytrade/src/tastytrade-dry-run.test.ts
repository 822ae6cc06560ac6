import { describe, expect, it } from 'vitest';
import { toBrokerDryRun, toDryRun, type DryRun } from './tastytrade-dry-run.js';

it("reads tastytrade's documented dry-run answer", () => {
  const data = {
    order: { status: 'Received', 'updated-at': 0 },
    'buying-power-effect': {
      'change-in-margin-requirement': '300.0',
      'change-in-margin-requirement-effect': 'Debit',
      'change-in-buying-power': '102.302',
      'change-in-buying-power-effect': 'Debit',
      'current-buying-power': '8995981.26',
      'current-buying-power-effect': 'Credit',
      'new-buying-power': '8995878.96',
      'new-buying-power-effect': 'Credit',
      'isolated-order-margin-requirement': '300.0',
      'isolated-order-margin-requirement-effect': 'Debit',
      'is-spread': true,
      impact: '102.302',
      effect: 'Debit',
    },
    'fee-calculation': {
      'regulatory-fees': '0.102',
      'regulatory-fees-effect': 'Debit',
      'clearing-fees': '0.2',
      'clearing-fees-effect': 'Debit',
      commission: '2.0',
      'commission-effect': 'Debit',
      'proprietary-index-option-fees': '0.0',
      'proprietary-index-option-fees-effect': 'None',
      'total-fees': '2.302',
      'total-fees-effect': 'Debit',
    },
    warnings: [{ code: 'tif.next_valid_session', message: 'Your order will begin working during next valid session.' }],
  };
  expect(toDryRun(data)).toEqual({
    fees: 2.302,
    buyingPowerEffect: 102.302,
    marginRequirement: 300,
    currentBuyingPower: 8_995_981.26,
    newBuyingPower: 8_995_878.96,
    warnings: [{ code: 'tif.next_valid_session', message: 'Your order will begin working during next valid session.' }],
    errors: [],
  });
});

it('reads nested notices in the {domain, reason} form', () => {
  const data = {
    'buying-power-effect': {
      'change-in-buying-power': '0.0',
      'current-buying-power': '10.0',
      'current-buying-power-effect': 'Credit',
      'new-buying-power': '10.0',
      'new-buying-power-effect': 'Credit',
      'isolated-order-margin-requirement': '0.0',
    },
    'fee-calculation': { 'total-fees': '0.0', 'total-fees-effect': 'None' },
    errors: [{ domain: 'margin', reason: 'Not enough buying power' }],
  };
  expect(toDryRun(data).errors).toEqual([{ code: 'margin', message: 'Not enough buying power' }]);
});

describe('toBrokerDryRun', () => {
  const dry = (over: Partial<DryRun>): DryRun => ({
    fees: 2.3,
    buyingPowerEffect: 300,
    marginRequirement: 300,
    currentBuyingPower: 1_000,
    newBuyingPower: 700,
    warnings: [],
    errors: [],
    ...over,
  });

  it('gives the fees, the buying power used and left, and the notices in words (the code where a notice has no words)', () => {
    const notices = { warnings: [{ code: 'tif.next_valid_session', message: 'Works next session.' }], errors: [{ code: 'margin', message: '' }] };
    expect(toBrokerDryRun(dry(notices))).toEqual({ fees: 2.3, buyingPowerChange: 300, buyingPowerAfter: 700, refusals: ['margin'], warnings: ['Works next session.'] });
  });

  it('refuses an order that uses more buying power than there is, but not one that frees some in an account already short', () => {
    expect(toBrokerDryRun(dry({ buyingPowerEffect: 1_500.5, newBuyingPower: -500.5 })).refusals).toEqual(['The order needs $1,500.50 of buying power; the account has $1,000.00.']);
    expect(toBrokerDryRun(dry({ buyingPowerEffect: -200, currentBuyingPower: -900, newBuyingPower: -700 })).refusals).toEqual([]);
  });
});
