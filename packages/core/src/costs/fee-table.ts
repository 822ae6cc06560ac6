/**
 * The regulatory pass-through fees on US listed options, as Alpaca charges them: one dated table, so one edit
 * updates every cost condor shows. Dollars.
 */
export const OPTION_FEES = {
  asOf: '2026-11-22',
  source: 'Alpaca, "Regulatory Fees" (docs.alpaca.markets/docs/regulatory-fees)',
  /** Options Regulatory Fee, per contract bought or sold. */
  orfPerContract: 0.02685,
  /** OCC clearing fee, per contract bought or sold… */
  occPerContract: 0.02,
  /** …at most this much per trade (one leg of an order). */
  occMaxPerTrade: 55,
  /** FINRA Trading Activity Fee, per contract sold. */
  tafPerContractSold: 0.00279,
  /** SEC fee, per dollar of sale proceeds. */
  secPerDollarSold: 0.0000278,
  /** Consolidated Audit Trail fee, per equivalent share (a contract is 100). */
  catPerShare: 0.000046,
} as const;

export const SHARES_PER_CONTRACT = 100;
