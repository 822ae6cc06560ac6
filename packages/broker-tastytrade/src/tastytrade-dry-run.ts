import type { BrokerDryRun } from '@condor/core';
import { moneyGrouped } from '@condor/core/words';
import { isObject, object, signedMoney, type Json } from './tastytrade-wire.js';

/** A notice the broker attached to a dry run, in its words. */
export interface BrokerNotice {
  readonly code: string;
  readonly message: string;
}

/**
 * What tastytrade computed for an order it was shown but did not place (`POST /accounts/{n}/orders/dry-run`).
 * Dollars for the whole order, in condor's sign: positive is paid or used, negative received or freed.
 */
export interface DryRun {
  /** Every fee of the order (commission, clearing, regulatory…); a rebate makes it smaller. */
  readonly fees: number;
  /** The change in buying power: positive uses it (an opening condor), negative frees it (a close). */
  readonly buyingPowerEffect: number;
  /** The margin this order alone requires. */
  readonly marginRequirement: number;
  /** Buying power before the order. */
  readonly currentBuyingPower: number;
  /** Buying power after it; negative when the order asks for more than the account has. */
  readonly newBuyingPower: number;
  /** Notices that may mean the live order would wait or be rejected (`tif.next_valid_session`, `closing_with_no_position`…). */
  readonly warnings: readonly BrokerNotice[];
  /** Refusals some dry runs list; a live order would be rejected for them. */
  readonly errors: readonly BrokerNotice[];
}

/**
 * The `data` of a dry-run answer.
 * @example
 * toDryRun(answer.data).fees; // 2.302 for `total-fees: '2.302', total-fees-effect: 'Debit'`
 */
export function toDryRun(data: unknown): DryRun {
  const json = object(data, 'dry run');
  const effect = object(json['buying-power-effect'], 'buying-power-effect');
  const fees = object(json['fee-calculation'], 'fee-calculation');
  return {
    fees: signedMoney(fees, 'total-fees'),
    buyingPowerEffect: signedMoney(effect, 'change-in-buying-power'),
    marginRequirement: signedMoney(effect, 'isolated-order-margin-requirement'),
    // Buying power one has is a Credit, which condor's sign writes negative.
    currentBuyingPower: -signedMoney(effect, 'current-buying-power'),
    newBuyingPower: -signedMoney(effect, 'new-buying-power'),
    warnings: notices(json.warnings),
    errors: notices(json.errors),
  };
}

/** `[{code, message}]`, or the `{domain, reason}` form some answers use. */
function notices(value: unknown): BrokerNotice[] {
  return (Array.isArray(value) ? value : []).filter(isObject).map((entry: Json) => ({
    code: typeof entry.code === 'string' ? entry.code : typeof entry.domain === 'string' ? entry.domain : 'unknown',
    message: typeof entry.message === 'string' ? entry.message : typeof entry.reason === 'string' ? entry.reason : '',
  }));
}

/**
 * The dry run as condor reads it (design §14): its fees, the buying power it uses and leaves, and in words why the
 * broker would refuse the live order (the answer's `errors`, and an opening order that needs more buying power than
 * the account has) and its warnings.
 * @example
 * toBrokerDryRun(toDryRun(answer.data)); // { fees: 4.52, buyingPowerChange: 954.52, buyingPowerAfter: 99045.48, refusals: [], warnings: [] }
 */
export function toBrokerDryRun(dry: DryRun): BrokerDryRun {
  const short = dry.buyingPowerEffect > 0 && dry.newBuyingPower < 0;
  const shortfall = `The order needs ${moneyGrouped(dry.buyingPowerEffect)} of buying power; the account has ${moneyGrouped(dry.currentBuyingPower)}.`;
  return {
    fees: dry.fees,
    buyingPowerChange: dry.buyingPowerEffect,
    buyingPowerAfter: dry.newBuyingPower,
    refusals: [...dry.errors.map(words), ...(short ? [shortfall] : [])],
    warnings: dry.warnings.map(words),
  };
}

/**
 * An order tastytrade's preflight refused (422 `preflight_check_failure`): nothing would be placed, so no fee is
 * charged and the buying power stays what it is.
 */
export function refusedDryRun(reason: string, buyingPower: number): BrokerDryRun {
  return { fees: 0, buyingPowerChange: 0, buyingPowerAfter: buyingPower, refusals: [reason], warnings: [] };
}

const words = (notice: BrokerNotice): string => (notice.message === '' ? notice.code : notice.message);

