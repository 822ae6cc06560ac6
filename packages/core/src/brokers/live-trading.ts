import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerEnvironment } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';

/** Live (real-money) accounts need the deployment's explicit switch on top of the user's choice; null admits. */
export function liveTradingRefusal(environment: BrokerEnvironment, services: Services): AppError | null {
  if (environment !== 'live' || services.config.liveTradingEnabled === true) return null;
  return appError('SERVICE_NOT_CONFIGURED', {
    message: 'Live trading is not enabled on this deployment; only paper accounts can be linked.',
    suggestion: "Use environment 'paper', or ask the operator to enable live trading (CONDOR_LIVE_TRADING_ENABLED=true).",
    received: { environment },
  });
}
