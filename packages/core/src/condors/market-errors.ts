import { appError, type AppError } from '../errors/app-error.js';
import { loginAgain } from '../brokers/sealed-keys.js';
import type { MarketDataError } from '../ports/market-data.js';

/** A market-data failure as the caller sees it. */
export function marketError(error: MarketDataError, ticker: string): AppError {
  switch (error.kind) {
    case 'unknown_symbol':
      return appError('INVALID_TICKER', {
        message: `${ticker} is not a tradeable US equity or ETF at the broker.`,
        received: { ticker },
      });
    case 'rate_limited':
      return appError('BROKER_RATE_LIMITED', {
        message: `The market data provider's rate limit was hit; retry in ${String(error.retryAfterSeconds)} seconds.`,
        retryAfterSeconds: error.retryAfterSeconds,
      });
    case 'unavailable':
      return appError('SERVICE_UNAVAILABLE', {
        message: 'Market data is unavailable right now.',
        suggestion: 'Retry in a minute.',
        retryAfterSeconds: 30,
      });
    case 'not_served':
      if (error.loginAt !== undefined) return loginAgain(error.loginAt, error.message);
      return appError('SERVICE_UNAVAILABLE', {
        message: error.message,
        suggestion: error.suggestion ?? 'Check the broker link on the broker-keys page (/broker-keys).',
      });
    case 'unsupported':
      return appError('SERVICE_UNAVAILABLE', {
        message: `The market data provider cannot answer this: ${error.message}.`,
        suggestion: 'Use a deployment whose market data offers it (the simulated market does).',
      });
  }
}
