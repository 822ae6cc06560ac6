import type { BrokerAccount, BrokerPosition } from '@condor/core';
import { isObject, num, toCompactSymbol, WireError, type Json } from './schwab-wire.js';

/** The account as condor sees it, from `GET /accounts/{hash}`. */
export function toAccount(json: Json): BrokerAccount {
  const account = object(json.securitiesAccount, 'securitiesAccount');
  const balances = object(account.currentBalances, 'currentBalances');
  const margin = account.type === 'MARGIN';
  const buyingPower = margin ? num(balances, 'buyingPower') : num(balances, 'cashAvailableForTrading');
  // The account's option level is not in the Trader API; a cash account cannot hold the short legs of a condor.
  return { accountId: String(account.accountNumber), buyingPower, spreadsAllowed: margin };
}

/** The account's option positions, from `GET /accounts/{hash}?fields=positions`; other assets and flat lines are left out. */
export function toPositions(json: Json): BrokerPosition[] {
  const account = object(json.securitiesAccount, 'securitiesAccount');
  return (Array.isArray(account.positions) ? account.positions : []).flatMap((raw): BrokerPosition[] => {
    if (!isObject(raw) || !isObject(raw.instrument) || raw.instrument.assetType !== 'OPTION') return [];
    const symbol = toCompactSymbol(String(raw.instrument.symbol));
    if (symbol === null) return [];
    const qty = num(raw, 'longQuantity') - num(raw, 'shortQuantity');
    if (qty === 0) return [];
    const marketValue = typeof raw.marketValue === 'number' ? raw.marketValue : 0;
    return [{ symbol, qty, avgEntryPrice: Math.abs(num(raw, 'averagePrice')), currentPrice: Math.abs(marketValue / (qty * 100)) }];
  });
}

function object(value: unknown, what: string): Json {
  if (!isObject(value)) throw new WireError(`${what} is missing`);
  return value;
}
