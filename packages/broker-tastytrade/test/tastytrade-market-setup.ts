import type { BrokerEnvironment, MarketDataError } from '@condor/core';
import type { Result } from 'neverthrow';
import type { TastytradeMarketData, TastytradeMarketDataOptions } from '../src/index.js';
import type { FakeTastytradeOptions } from '@condor/testkit';
import { world, type World } from './tastytrade-setup.js';

export interface MarketWorld extends World {
  readonly market: TastytradeMarketData;
}

/**
 * A TastytradeMarketData on a started fake, through the same brokers (and so the same access tokens) as `world`,
 * at NOW; production by default, the sandbox with `environment: 'paper'`.
 */
export async function marketWorld(
  options: { fake?: FakeTastytradeOptions; market?: Omit<TastytradeMarketDataOptions, 'now'>; environment?: BrokerEnvironment } = {},
): Promise<MarketWorld> {
  const base = await world({ ...(options.fake === undefined ? {} : { fake: options.fake }) });
  const { credentials } = base.access;
  const market = base.brokers.loginMarketData({ ownerId: 'condor', environment: options.environment ?? 'live', credentials }, options.market);
  return { ...base, market };
}

export function value<T>(result: Result<T, MarketDataError>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function failure<T>(result: Result<T, MarketDataError>): MarketDataError {
  if (result.isOk()) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}
