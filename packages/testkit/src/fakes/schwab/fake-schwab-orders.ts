import { parseOcc, type Contract } from '../tastytrade/fake-tastytrade-market.js';

export type Instruction = 'BUY_TO_OPEN' | 'SELL_TO_OPEN' | 'BUY_TO_CLOSE' | 'SELL_TO_CLOSE';
const INSTRUCTIONS: ReadonlySet<string> = new Set(['BUY_TO_OPEN', 'SELL_TO_OPEN', 'BUY_TO_CLOSE', 'SELL_TO_CLOSE']);
const ORDER_TYPES: ReadonlySet<string> = new Set(['NET_CREDIT', 'NET_DEBIT', 'NET_ZERO', 'LIMIT']);
const COMPLEX: ReadonlySet<string> = new Set(['NONE', 'VERTICAL', 'STRANGLE', 'STRADDLE', 'BUTTERFLY', 'CONDOR', 'IRON_CONDOR', 'UNBALANCED_IRON_CONDOR', 'CUSTOM']);

/** Schwab's order statuses (reference §3, the spec's apiOrderStatus) that the fake uses. */
export type SchwabStatus = 'QUEUED' | 'WORKING' | 'PENDING_CANCEL' | 'PENDING_REPLACE' | 'REPLACED' | 'FILLED' | 'CANCELED' | 'REJECTED' | 'EXPIRED';
export const TERMINAL: ReadonlySet<SchwabStatus> = new Set(['REPLACED', 'FILLED', 'CANCELED', 'REJECTED', 'EXPIRED']);

export interface RequestLeg {
  readonly instruction: Instruction;
  readonly contract: Contract;
  readonly quantity: number;
}

/** A placement, preview or replacement body as the fake reads it. */
export interface OrderRequest {
  readonly orderType: string;
  readonly complexOrderStrategyType: string;
  readonly duration: string;
  readonly session: string;
  /** The unsigned net price per spread. */
  readonly price: number;
  readonly quantity: number;
  readonly legs: readonly RequestLeg[];
}

/** A 400 ServiceError: `{message, errors}`. */
export interface Refusal {
  readonly refusal: true;
  readonly status: number;
  readonly message: string;
  readonly errors: readonly string[];
}

export const refuse = (status: number, message: string, errors: readonly string[] = []): Refusal => ({ refusal: true, status, message, errors });
export const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && (value as { refusal?: unknown }).refusal === true;

const VALIDATION = 'A validation error occurred while processing the request.';

export const isBuy = (instruction: Instruction): boolean => instruction.startsWith('BUY');
export const isClose = (instruction: Instruction): boolean => instruction.endsWith('CLOSE');

/**
 * Reads an order body the way Schwab validates it: `orderStrategyType` SINGLE, a net or limit order type with a
 * positive price (a string, as clients send it, or a number), 1–4 OPTION legs with open/close instructions and
 * padded OCC symbols (`SPY   260320P00570000`); a compact symbol is refused as Schwab would not know it.
 */
export function readOrderRequest(body: unknown, listed: (contract: Contract) => boolean): OrderRequest | Refusal {
  if (typeof body !== 'object' || body === null) return refuse(400, VALIDATION, ['The order body is not a JSON object']);
  const json = body as Record<string, unknown>;
  if ('requestedDestination' in json) return refuse(400, VALIDATION, ['requestedDestination is not accepted']);
  if (json.orderStrategyType !== 'SINGLE') return refuse(400, VALIDATION, ['orderStrategyType must be SINGLE']);
  const orderType = String(json.orderType);
  if (!ORDER_TYPES.has(orderType)) return refuse(400, VALIDATION, [`orderType ${orderType} is not accepted for options`]);
  const complex = typeof json.complexOrderStrategyType === 'string' ? json.complexOrderStrategyType : 'NONE';
  if (!COMPLEX.has(complex)) return refuse(400, VALIDATION, [`complexOrderStrategyType ${complex} is not known`]);
  if (json.session !== 'NORMAL') return refuse(400, VALIDATION, ['session must be NORMAL']);
  if (json.duration !== 'DAY' && json.duration !== 'GOOD_TILL_CANCEL') return refuse(400, VALIDATION, ['duration must be DAY or GOOD_TILL_CANCEL']);
  const price = typeof json.price === 'string' ? Number(json.price) : typeof json.price === 'number' ? json.price : Number.NaN;
  if (!Number.isFinite(price) || price <= 0) return refuse(400, VALIDATION, ['price must be a positive number']);
  const rawLegs = Array.isArray(json.orderLegCollection) ? (json.orderLegCollection as unknown[]) : [];
  if (rawLegs.length < 1 || rawLegs.length > 4) return refuse(400, VALIDATION, ['An option order has 1 to 4 legs']);
  const legs: RequestLeg[] = [];
  for (const raw of rawLegs) {
    const leg = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const instrument = typeof leg.instrument === 'object' && leg.instrument !== null ? (leg.instrument as Record<string, unknown>) : {};
    const instruction = String(leg.instruction);
    if (!INSTRUCTIONS.has(instruction)) return refuse(400, VALIDATION, [`instruction ${instruction} is not an option instruction`]);
    if (instrument.assetType !== 'OPTION') return refuse(400, VALIDATION, ['Every leg must be an OPTION']);
    const contract = parseOcc(String(instrument.symbol));
    if (contract === null || !listed(contract)) return refuse(400, VALIDATION, [`Symbol ${String(instrument.symbol)} is not a valid option symbol`]);
    const quantity = Number(leg.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) return refuse(400, VALIDATION, ['Leg quantity must be a positive whole number']);
    legs.push({ instruction: instruction as Instruction, contract, quantity });
  }
  if (new Set(legs.map((l) => l.contract.symbol)).size !== legs.length) return refuse(400, VALIDATION, ['Each leg must be a different option']);
  const quantity = json.quantity === undefined ? Math.min(...legs.map((l) => l.quantity)) : Number(json.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) return refuse(400, VALIDATION, ['quantity must be a positive whole number']);
  if (orderType === 'NET_CREDIT' && legs.every((l) => isBuy(l.instruction))) return refuse(400, VALIDATION, ['An order of only buys cannot be for a net credit']);
  return { orderType, complexOrderStrategyType: complex, duration: json.duration, session: 'NORMAL', price, quantity, legs };
}

/** Buying power an opening order uses: the widest spread less the credit, or the debit paid; a close uses none. */
export function buyingPowerRequirement(request: OrderRequest): number {
  if (request.legs.every((l) => isClose(l.instruction))) return 0;
  const widths = (['P', 'C'] as const).map((type) => {
    const strikes = request.legs.filter((l) => l.contract.type === type).map((l) => l.contract.strike);
    return strikes.length < 2 ? 0 : Math.max(...strikes) - Math.min(...strikes);
  });
  const credit = request.orderType === 'NET_CREDIT' ? request.price : -request.price;
  return Math.max(0, (Math.max(...widths) - credit) * 100 * request.quantity);
}
