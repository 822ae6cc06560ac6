import { createTestServices, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { BrokerLink, BrokerName } from '../ports/broker-link-store.js';
import { tellEndingLogins } from './login-endings.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SCHWAB_OWNER = '5c4ab000-0000-4000-8000-000000000001';
const ALPACA_OWNER = 'a1ca0000-0000-4000-8000-000000000002';

/** The person's link to `broker`, connected, with the login time given (stored as given, a keyed link's too). */
async function linked(services: TestServices, ownerId: string, broker: BrokerName, loggedInAt: number | null): Promise<void> {
  const link: BrokerLink = {
    ownerId, broker, environment: 'live', apiKey: null, apiSecret: { keyId: 'k', nonce: 'bm9uY2U=', ciphertext: 'c2VhbGVk' },
    keyHint: null, connectedAt: services.clock.now(), updatedAt: services.clock.now(), accountNumber: '11112222', accountKey: 'HASH-H', loggedInAt,
  };
  await services.brokerLinks.put(link);
}

const keysOf = async (services: TestServices, ownerId: string): Promise<string[]> => (await services.news.recent(ownerId, 50)).map((told) => told.news.key);

describe('tellEndingLogins', () => {
  it('tells a login that ends within the hour once, naming when it ends and what to do', async () => {
    const services = createTestServices();
    const loggedInAt = services.clock.now() - (6 * DAY + 23 * HOUR);
    await linked(services, SCHWAB_OWNER, 'schwab', loggedInAt);
    expect(await tellEndingLogins(services)).toBe(1);
    const [told] = await services.news.recent(SCHWAB_OWNER, 50);
    expect(told?.news).toMatchObject({
      ownerId: SCHWAB_OWNER,
      kind: 'link_failed',
      key: `login-ends:${SCHWAB_OWNER}:${String(loggedInAt)}`,
      title: 'Your Schwab login ends within a day',
      createdAt: services.clock.now(),
      expiresAt: loggedInAt + 7 * DAY,
    });
    // The fake clock starts Monday 5 January 2026, 14:30 UTC: the login ends an hour later, 10:30 in New York.
    expect(told?.news.body).toContain('Your Schwab login ends Monday 5 January 2026, 10:30 New York time (in 1 h): log in at Schwab again before then.');
    expect(told?.news.body).toContain('log in at Schwab');
    services.clock.advance(10 * 60_000);
    expect(await tellEndingLogins(services)).toBe(0);
    expect(await keysOf(services, SCHWAB_OWNER)).toHaveLength(1);
  });

  it('tells every login in the window however many there are, page after page, each once', async () => {
    const services = createTestServices();
    const base = services.clock.now() - (6 * DAY + 23 * HOUR);
    const owners = Array.from({ length: 1_203 }, (_, i) => `5c4ab000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    // Three logins share one instant at each page's edge, so a page that ends inside them must not drop the rest.
    for (const [i, ownerId] of owners.entries()) await linked(services, ownerId, 'schwab', base + Math.floor(i / 3));
    expect(await tellEndingLogins(services)).toBe(owners.length);
    services.clock.advance(2 * 60_000);
    expect(await tellEndingLogins(services)).toBe(0);
  });

  it('does not tell a login 5 days old, until it is within a day of its end', async () => {
    const services = createTestServices();
    await linked(services, SCHWAB_OWNER, 'schwab', services.clock.now() - 5 * DAY);
    expect(await tellEndingLogins(services)).toBe(0);
    services.clock.advance(23 * HOUR);
    expect(await tellEndingLogins(services)).toBe(0);
    services.clock.advance(HOUR + 60_000);
    expect(await tellEndingLogins(services)).toBe(1);
    expect((await services.news.recent(SCHWAB_OWNER, 50))[0]?.news.body).toContain('(in 23 h 59 min)');
  });

  it('does not tell a login that ended already', async () => {
    const services = createTestServices();
    await linked(services, SCHWAB_OWNER, 'schwab', services.clock.now() - 8 * DAY);
    expect(await tellEndingLogins(services)).toBe(0);
    expect(await keysOf(services, SCHWAB_OWNER)).toEqual([]);
  });

  it('tells a renewed login again, a day before its own end', async () => {
    const services = createTestServices();
    const first = services.clock.now() - (6 * DAY + 23 * HOUR);
    await linked(services, SCHWAB_OWNER, 'schwab', first);
    expect(await tellEndingLogins(services)).toBe(1);
    services.clock.advance(30 * 60_000);
    const renewed = services.clock.now();
    await linked(services, SCHWAB_OWNER, 'schwab', renewed);
    expect(await tellEndingLogins(services)).toBe(0);
    services.clock.advance(6 * DAY + HOUR);
    expect(await tellEndingLogins(services)).toBe(1);
    expect(await tellEndingLogins(services)).toBe(0);
    expect((await keysOf(services, SCHWAB_OWNER)).sort()).toEqual([`login-ends:${SCHWAB_OWNER}:${String(first)}`, `login-ends:${SCHWAB_OWNER}:${String(renewed)}`].sort());
  });

  it('tells each person of their own login', async () => {
    const services = createTestServices();
    const other = '5c4ab000-0000-4000-8000-000000000003';
    await linked(services, SCHWAB_OWNER, 'schwab', services.clock.now() - (6 * DAY + 23 * HOUR));
    await linked(services, other, 'schwab', services.clock.now() - (6 * DAY + 2 * HOUR));
    expect(await tellEndingLogins(services)).toBe(2);
    expect(await keysOf(services, SCHWAB_OWNER)).toEqual([expect.stringMatching(new RegExp(`^login-ends:${SCHWAB_OWNER}:`)) as unknown]);
    expect(await keysOf(services, other)).toEqual([expect.stringMatching(new RegExp(`^login-ends:${other}:`)) as unknown]);
  });

  it('never tells a link made with keys, whatever time it carries', async () => {
    const services = createTestServices();
    await linked(services, ALPACA_OWNER, 'alpaca', null);
    await linked(services, 'a1ca0000-0000-4000-8000-000000000004', 'alpaca', services.clock.now() - (6 * DAY + 23 * HOUR));
    for (let hour = 0; hour < 8 * 24; hour += 1) {
      expect(await tellEndingLogins(services)).toBe(0);
      services.clock.advance(HOUR);
    }
    expect(await keysOf(services, ALPACA_OWNER)).toEqual([]);
    expect(await keysOf(services, 'a1ca0000-0000-4000-8000-000000000004')).toEqual([]);
  });
});
