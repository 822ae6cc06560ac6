import type { BrokerAccount, BrokerAccountChoice, BrokerPosition } from '@condor/core';
import { decimal, items, object, optionalDecimal, optionalText, text, toCompactSymbol, WireError } from './tastytrade-wire.js';

/** One account a tastytrade login may act on, as the connect step offers it. */
export interface TastytradeAccountSummary {
  readonly accountNumber: string;
  readonly nickname: string | null;
  /** tastytrade's words: `Individual`, `Roth IRA`, … */
  readonly accountType: string | null;
  /** `Margin` or `Cash`. */
  readonly marginOrCash: string | null;
  /** The login's authority over it: `owner`, `trade-only` or `read-only`. */
  readonly authority: string;
  /** Whether the login may place orders in it (a read-only authority may not). */
  readonly canTrade: boolean;
}

/** `GET /customers/me/accounts`: the open accounts, each with the login's authority over it. */
export function toAccountSummaries(data: unknown): TastytradeAccountSummary[] {
  return items(data, 'accounts')
    .map((value) => object(value, 'account entry'))
    .filter((entry) => object(entry.account, 'account')['is-closed'] !== true)
    .map((entry) => {
      const account = object(entry.account, 'account');
      const authority = optionalText(entry, 'authority-level') ?? 'owner';
      return {
        accountNumber: text(account, 'account-number'),
        nickname: optionalText(account, 'nickname'),
        accountType: optionalText(account, 'account-type-name'),
        marginOrCash: optionalText(account, 'margin-or-cash'),
        authority,
        canTrade: authority !== 'read-only',
      };
    });
}

/**
 * An account as the person chooses among them when connecting: its type, margin or cash, nickname, and the
 * login's authority when it is less than an owner's.
 * @example
 * toAccountChoice(summary); // { accountNumber: '5WT00001', description: 'Individual margin account (Main)', canTrade: true }
 */
export function toAccountChoice(summary: TastytradeAccountSummary): BrokerAccountChoice {
  const kind = [summary.accountType ?? 'tastytrade', summary.marginOrCash?.toLowerCase(), 'account'].filter((word) => word !== undefined).join(' ');
  const nickname = summary.nickname === null ? '' : ` (${summary.nickname})`;
  const authority = summary.authority === 'owner' ? '' : `, ${summary.authority.replace(/-/g, ' ')}`;
  return { accountNumber: summary.accountNumber, description: `${kind}${nickname}${authority}`, canTrade: summary.canTrade };
}

/**
 * The `options-level` values that allow defined-risk spreads such as an iron condor. Others seen
 * (`Covered And Secured`, `No Trading`) do not; an unknown value is taken as not allowing them.
 */
const SPREAD_LEVELS: ReadonlySet<string> = new Set(['Defined Risk Spreads', 'No Restrictions']);

/** `GET /accounts/{n}/balances/USD` and `GET /accounts/{n}/trading-status`: buying power for options and spread approval. */
export function toAccount(accountNumber: string, balances: unknown, tradingStatus: unknown): BrokerAccount {
  const money = object(balances, 'balances');
  const status = object(tradingStatus, 'trading status');
  const level = optionalText(status, 'options-level') ?? '';
  const restricted = status['is-closing-only'] === true || status['is-frozen'] === true || status['is-closed'] === true;
  return {
    accountId: accountNumber,
    buyingPower: buyingPowerOf(money),
    spreadsAllowed: SPREAD_LEVELS.has(level) && !restricted,
  };
}

/** The buying power for options in `GET /accounts/{n}/balances/USD`. */
export function buyingPowerOf(balances: unknown): number {
  return decimal(object(balances, 'balances'), 'derivative-buying-power');
}

/** One entry of `GET /accounts/{n}/positions`, or null when it is not an equity option. Short legs come back negative. */
export function toOptionPosition(value: unknown): BrokerPosition | null {
  const json = object(value, 'position');
  if (json['instrument-type'] !== 'Equity Option') return null;
  const symbol = toCompactSymbol(text(json, 'symbol'));
  if (symbol === null) throw new WireError(`position symbol ${String(json.symbol)} is not an OCC option symbol`);
  const quantity = Math.abs(decimal(json, 'quantity'));
  const direction = text(json, 'quantity-direction');
  if (direction !== 'Long' && direction !== 'Short' && direction !== 'Zero') throw new WireError(`quantity-direction ${direction} is unknown`);
  const averageOpen = decimal(json, 'average-open-price');
  return {
    symbol,
    qty: direction === 'Short' ? -quantity : direction === 'Long' ? quantity : 0,
    avgEntryPrice: averageOpen,
    // The mark comes only with include-marks; the previous close is the fallback tastytrade always sends.
    currentPrice: optionalDecimal(json, 'mark-price') ?? optionalDecimal(json, 'mark') ?? optionalDecimal(json, 'close-price') ?? averageOpen,
  };
}
