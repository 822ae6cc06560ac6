import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { changePassword, PASSWORD_CHANGE_RATE, type PasswordChangeRequest } from './change-password.js';

const ANN = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';
const OLD = 'the old password 1';
const NEW = 'a brand new password';

let services: TestServices;
const session = (digest: string, userId = ANN) =>
  services.browserSessions.insert({ digest, userId, createdAt: services.clock.now(), expiresAt: services.clock.now() + 1e9, revokedAt: null, userAgent: null });
const family = (id: string, userId = ANN) => services.sessions.createFamily({ id, userId, createdAt: services.clock.now(), revokedAt: null });

beforeEach(async () => {
  services = createTestServices();
  for (const [id, email] of [[ANN, 'ann@example.com'], [BOB, 'bob@example.com']] as const) {
    await services.users.insert({ id, email, passwordHash: await services.passwords.hash(OLD), createdAt: 0 });
  }
  await session('ann-here');
  await session('ann-phone');
  await session('bob-here', BOB);
  await family('ann-api');
  await family('ann-oauth');
  await family('bob-api', BOB);
});

const change = (over: Partial<PasswordChangeRequest> = {}) =>
  changePassword(services, { userId: ANN, sessionDigest: 'ann-here', current: OLD, next: NEW, repeated: NEW, ...over });
const passwordIs = async (password: string, userId = ANN) => services.passwords.verify(password, (await services.users.findById(userId))?.passwordHash ?? null);

describe('changing the password', () => {
  it('sets the new password, ends everything the old one opened but this browser, and tells the person by security news', async () => {
    expect((await change())._unsafeUnwrap()).toEqual({ browserSessionsEnded: 1, apiSessionsEnded: 2 });
    expect([await passwordIs(NEW), await passwordIs(OLD)]).toEqual([true, false]);
    expect((await services.browserSessions.find('ann-here'))?.revokedAt).toBeNull();
    expect((await services.browserSessions.find('ann-phone'))?.revokedAt).toBe(services.clock.now());
    expect((await services.sessions.findFamily('ann-api'))?.revokedAt).toBe(services.clock.now());
    expect((await services.sessions.findFamily('ann-oauth'))?.revokedAt).toBe(services.clock.now());
    // Another person's sessions and password stay.
    expect((await services.browserSessions.find('bob-here'))?.revokedAt).toBeNull();
    expect((await services.sessions.findFamily('bob-api'))?.revokedAt).toBeNull();
    expect(await passwordIs(OLD, BOB)).toBe(true);
    const told = await services.news.recent(ANN, 5);
    expect(told.map(({ news }) => [news.kind, news.title, news.path])).toEqual([['security', 'Your condor password was changed', '/settings']]);
    expect(JSON.stringify(told)).not.toContain(NEW);
  });

  it.each<[string, Partial<PasswordChangeRequest>, string]>([
    ['no current password', { current: null }, 'current_needed'],
    ['an empty current password', { current: '' }, 'current_needed'],
    ['a wrong current password', { current: 'not it at all' }, 'current_wrong'],
    ['a new password of 11 characters', { next: '12345678901', repeated: '12345678901' }, 'new_invalid'],
    ['a new password of 257 characters', { next: 'x'.repeat(257), repeated: 'x'.repeat(257) }, 'new_invalid'],
    ['no new password', { next: null, repeated: null }, 'new_invalid'],
    ['a repetition that differs', { repeated: `${NEW}!` }, 'mismatch'],
    ['the current password again', { next: OLD, repeated: OLD }, 'unchanged'],
  ])('refuses %s and changes nothing', async (_, over, refusal) => {
    expect((await change(over))._unsafeUnwrapErr()).toBe(refusal);
    expect(await passwordIs(OLD)).toBe(true);
    expect((await services.browserSessions.find('ann-phone'))?.revokedAt).toBeNull();
    expect((await services.sessions.findFamily('ann-api'))?.revokedAt).toBeNull();
    expect(await services.news.recent(ANN, 5)).toEqual([]);
  });

  it(`waits after ${String(PASSWORD_CHANGE_RATE.failures)} wrong current passwords, even for the right one, until the window ends`, async () => {
    for (let i = 0; i < PASSWORD_CHANGE_RATE.failures; i++) expect((await change({ current: `guess ${String(i)}` }))._unsafeUnwrapErr()).toBe('current_wrong');
    expect((await change())._unsafeUnwrapErr()).toBe('too_many');
    expect(await passwordIs(OLD)).toBe(true);
    services.clock.advance(PASSWORD_CHANGE_RATE.windowMs);
    expect((await change()).isOk()).toBe(true);
  });

  it('counts a new password that breaks the rules as no failure', async () => {
    for (let i = 0; i < PASSWORD_CHANGE_RATE.failures + 2; i++) expect((await change({ next: 'short', repeated: 'short' }))._unsafeUnwrapErr()).toBe('new_invalid');
    expect((await change()).isOk()).toBe(true);
  });
});
