import type { Services } from '../services.js';

/** The broker's commission per option contract this deployment charges (CONDOR_COMMISSION_PER_CONTRACT; Alpaca: none). */
export const commissionOf = (services: Services): number => services.config.commissionPerContract ?? 0;
