import type { BrokerOrder, MarketData } from '@condor/core';
import type { PaperAccount } from './paper-account.js';
import type { FillMemory, LegsAt, PaperFill, PaperFills, WorkingAt } from './paper-fills.js';
import { legFillPrices, priceLegs, type PricedLeg } from './paper-legs.js';

/** What fills one account's orders: the market, the fill model, and what the model keeps of the account in this process. */
export interface FillDesk {
  readonly market: MarketData;
  readonly fills: PaperFills;
  readonly memory: FillMemory;
}

/** The order's legs priced at an instant, each instant once; `known`: instants priced already. */
function legsAt(market: MarketData, order: BrokerOrder, known = new Map<number, readonly PricedLeg[]>()): LegsAt {
  const priced = new Map([...known].map(([at, legs]) => [at, Promise.resolve<readonly PricedLeg[] | undefined>(legs)]));
  const price = async (at: number): Promise<readonly PricedLeg[] | undefined> => {
    const legs = await priceLegs(market, order.legs, at);
    // A leg the market cannot price leaves the order unfilled then.
    return legs.isOk() ? legs.value : undefined;
  };
  return (at) => {
    const legs = priced.get(at) ?? price(at);
    priced.set(at, legs);
    return legs;
  };
}

/** Fills `fill.units` of the order at its limit, each leg at a price adding up to it in the market of the fill. */
const fillAt = (account: PaperAccount, order: BrokerOrder, { units, legs }: PaperFill): BrokerOrder | undefined =>
  account.fill(order.id, units, order.limitPrice, legFillPrices(legs, order.limitPrice));

/** Fills what the fill model says of an order just placed, its legs priced at placement; the order as it is then. */
export async function fillPlaced(desk: FillDesk, account: PaperAccount, at: WorkingAt, legs: readonly PricedLeg[]): Promise<BrokerOrder> {
  const fills = await desk.fills.fill(at, legsAt(desk.market, at.order, new Map([[at.now, legs]])), desk.memory);
  return fills.reduce((order, fill) => fillAt(account, order, fill) ?? order, at.order);
}

/** Fills the account's working orders as the fill model says, in the order the fills came about, then expires day orders past their close. */
export async function sweepWorking(desk: FillDesk, account: PaperAccount, now: number): Promise<void> {
  const { fills: model, memory } = desk;
  const working = account.working();
  const fills: { order: BrokerOrder; fill: PaperFill }[] = [];
  for (const { order, expiresAt } of working) {
    const at = { order, now, expiresAt };
    if (model.due(at, memory)) for (const fill of await model.fill(at, legsAt(desk.market, order), memory)) fills.push({ order, fill });
  }
  // Oldest order first at one instant (a stable sort), however many intervals this call judged: the account ends the same.
  fills.sort((a, b) => a.fill.at - b.fill.at);
  for (const { order, fill } of fills) fillAt(account, order, fill);
  for (const { order, expiresAt } of working) if (now >= expiresAt) account.end(order.id, 'expired');
  const still = new Set(account.working().map(({ order }) => order.id));
  for (const id of memory.keys()) if (!still.has(id)) memory.delete(id);
}
