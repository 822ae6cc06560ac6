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
