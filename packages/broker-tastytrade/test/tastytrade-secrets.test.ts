import type { BrokerError } from '@condor/core';
import { expect, it } from 'vitest';
import { entryLegs, failure, inAccount, world } from './tastytrade-setup.js';

it('never repeats the client secret, the refresh token or an access token in an error, even when tastytrade echoes them', async () => {
  const { fake, broker, brokers, access } = await world();
  const errors: BrokerError[] = [];
  fake.echoNext(400, { path: '/oauth/token' });
  errors.push(failure(await broker.positions()));
  const fresh = await world();
  fresh.fake.echoNext(500, { method: 'GET', path: '/positions' });
  fresh.fake.echoNext(500, { method: 'GET', path: '/positions' });
  fresh.fake.echoNext(500, { method: 'GET', path: '/positions' });
  errors.push(failure(await fresh.broker.positions()));
  fresh.fake.echoNext(422, { method: 'POST', path: /\/orders$/ });
  errors.push(failure(await fresh.broker.submit({ clientOrderId: 'p-echo', qty: 1, limitPrice: -0.5, legs: entryLegs() })));
  fresh.fake.echoNext(401, { method: 'GET', path: '/balances/USD' });
  fresh.fake.echoNext(401, { method: 'GET', path: '/balances/USD' });
  errors.push(failure(await fresh.broker.verify()));
  fresh.fake.revokeGrant({ accessTokens: true });
  errors.push(failure(await brokers.listAccounts(access)));
  errors.push(failure(await fresh.brokers.open(inAccount(fresh.access, '5WT00002')).verify()));

  expect(errors.map((e) => e.kind)).toEqual(['auth_failed', 'unavailable', 'rejected', 'auth_failed', 'auth_failed', 'auth_failed']);
  const text = JSON.stringify(errors);
  expect(text).toContain('[redacted]');
  const secrets = [fake.clientSecret, fake.refreshToken, ...fake.issuedAccessTokens, fresh.fake.clientSecret, fresh.fake.refreshToken, ...fresh.fake.issuedAccessTokens];
  expect(fresh.fake.issuedAccessTokens.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(text).not.toContain(secret);
});
