import type { BrokerDryRun } from '@condor/core';
import { isObject, num, WireError } from './schwab-wire.js';

/**
 * Schwab's preview as condor reads it (design §14), labelled broker-computed by the ticket: the fees are the sum of
 * its commission and fee values; `projectedBuyingPower` is taken as the buying power after the order (the
 * reference leaves open whether it is that or the change), the change being what the account has less it.
 * `rejects` are refusals; `warns`, `alerts` and `reviews` warnings.
 * @example
 * toDryRun(answer.data, 100_000); // { fees: 2.68, buyingPowerChange: 872, buyingPowerAfter: 99128, refusals: [], warnings: [] }
 */
export function toDryRun(data: unknown, buyingPower: number): BrokerDryRun {
  if (!isObject(data)) throw new WireError('preview is not an object');
  const strategy = isObject(data.orderStrategy) ? data.orderStrategy : {};
  const balance = isObject(strategy.orderBalance) ? strategy.orderBalance : {};
  const validation = isObject(data.orderValidationResult) ? data.orderValidationResult : {};
  const after = typeof balance.projectedBuyingPower === 'number' ? balance.projectedBuyingPower : buyingPower;
  return {
    fees: Math.round(feesOf(data.commissionAndFee) * 100) / 100,
    buyingPowerChange: Math.round((buyingPower - after) * 100) / 100,
    buyingPowerAfter: after,
    refusals: words(validation.rejects),
    warnings: [...words(validation.warns), ...words(validation.alerts), ...words(validation.reviews)],
  };
}

function feesOf(value: unknown): number {
  if (!isObject(value)) return 0;
  const sum = (group: unknown, legsField: string, valuesField: string): number =>
    (isObject(group) && Array.isArray(group[legsField]) ? (group[legsField] as unknown[]) : [])
      .flatMap((leg) => (isObject(leg) && Array.isArray(leg[valuesField]) ? (leg[valuesField] as unknown[]) : []))
      .reduce((total: number, entry) => total + (isObject(entry) ? num(entry, 'value') : 0), 0);
  return sum(value.commission, 'commissionLegs', 'commissionValues') + sum(value.fee, 'feeLegs', 'feeValues');
}

function words(list: unknown): string[] {
  return (Array.isArray(list) ? list : []).filter(isObject).map((entry) => {
    const text = [entry.activityMessage, entry.message, entry.validationRuleName].find((t) => typeof t === 'string' && t !== '');
    return typeof text === 'string' ? text : 'Schwab gave no reason';
  });
}
