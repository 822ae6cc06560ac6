import type { FakeMarket } from '../tastytrade/fake-tastytrade-market.js';
import type { BookAccount } from './fake-schwab-book-records.js';
import { buyingPowerRequirement, type OrderRequest, type Refusal } from './fake-schwab-orders.js';

const COMMISSION_PER_CONTRACT = 0.65;
const OPT_REG_FEE_PER_CONTRACT = 0.02;

/** What a preview is of: the order, the account it would be placed in, and the book's refusal of it (null when it would be placed). */
export interface PreviewInput {
  readonly account: BookAccount;
  readonly request: OrderRequest;
  readonly refusal: Refusal | null;
  readonly market: FakeMarket;
}

/** `POST …/previewOrder`: Schwab's figures and its validation, nothing placed; a refusal answers 200 with `rejects`. */
export function previewJson({ account, request, refusal, market }: PreviewInput): Record<string, unknown> {
  const requirement = buyingPowerRequirement(request);
  const contracts = request.legs.reduce((sum, leg) => sum + leg.quantity, 0);
  const commission = round2(contracts * COMMISSION_PER_CONTRACT);
  const regFee = round2(contracts * OPT_REG_FEE_PER_CONTRACT);
  const rejects = refusal === null ? [] : [{ validationRuleName: 'OrderValidation', message: refusal.errors[0] ?? refusal.message, activityMessage: refusal.errors[0] ?? refusal.message, originalSeverity: 'REJECT' }];
  return {
    orderId: 0,
    orderStrategy: {
      accountNumber: account.spec.accountNumber,
      advancedOrderType: 'NONE',
      orderBalance: {
        orderValue: round2(request.price * request.quantity * 100),
        projectedAvailableFund: round2(account.cash - requirement),
        projectedBuyingPower: round2(account.buyingPower - requirement),
        projectedCommission: round2(commission + regFee),
      },
      orderStrategyType: 'SINGLE',
      orderVersion: 1,
      session: request.session,
      status: refusal === null ? 'ACCEPTED' : 'REJECTED',
      duration: request.duration,
      orderType: request.orderType,
      price: request.price,
      quantity: request.quantity,
      strategy: request.complexOrderStrategyType,
      orderLegs: request.legs.map((leg, index) => {
        const mark = market.mark(leg.contract);
        return {
          askPrice: round2(mark + 0.03),
          bidPrice: round2(Math.max(0, mark - 0.03)),
          lastPrice: mark,
          markPrice: mark,
          projectedCommission: round2(leg.quantity * COMMISSION_PER_CONTRACT),
          finalSymbol: leg.contract.symbol,
          legId: index + 1,
          assetType: 'OPTION',
          instruction: leg.instruction,
          quantity: leg.quantity,
        };
      }),
    },
    orderValidationResult: { rejects, warns: [], alerts: [], reviews: [], accepts: [] },
    commissionAndFee: {
      commission: { commissionLegs: request.legs.map((leg) => ({ commissionValues: [{ value: round2(leg.quantity * COMMISSION_PER_CONTRACT), type: 'COMMISSION' }] })) },
      fee: {
        feeLegs: request.legs.map((leg) => ({
          feeValues: [
            { value: round2(leg.quantity * OPT_REG_FEE_PER_CONTRACT), type: 'OPT_REG_FEE' },
            { value: 0, type: 'SEC_FEE' },
            { value: 0, type: 'TAF_FEE' },
          ],
        })),
      },
      trueCommission: { commissionLegs: [] },
    },
  };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
