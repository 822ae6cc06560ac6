import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { NEWS_RATE, planDelivery, type DeliveryFacts } from './delivery-plan.js';
import { NEWS_KINDS, type News, type NewsKind } from './news.js';
import { ALWAYS_MAILED, DEFAULT_NEWS_PREFERENCES, preferencesOf } from './preferences.js';

const NOW = Date.UTC(2026, 10, 30, 15);

const news = (kind: NewsKind, expiresAt = NOW + 60_000): News => ({
  id: 'n1',
  ownerId: 'u1',
  kind,
  key: `k-${kind}`,
  topic: 't',
  title: 'Title',
  body: 'Body',
  path: '/',
  createdAt: NOW - 1_000,
  expiresAt,
  urgency: 'high',
});

const facts = (over: Partial<DeliveryFacts> = {}): DeliveryFacts => ({
  now: NOW,
  preferences: DEFAULT_NEWS_PREFERENCES,
  devices: 1,
  address: { email: 'ann@example.com', verified: true },
  superseded: false,
  toldRecently: 0,
  configured: { push: true, mail: true },
  ...over,
});

describe('planDelivery', () => {
  it('tells a waiting proposal on the devices only, by default', () => {
    expect(planDelivery(news('proposal_waiting'), facts())).toEqual({ tell: true, push: true, mailTo: null });
  });

  it('mails alerts to a verified address, but not to one never verified', () => {
    expect(planDelivery(news('position_alert'), facts())).toEqual({ tell: true, push: true, mailTo: 'ann@example.com' });
    expect(planDelivery(news('position_alert'), facts({ address: { email: 'ann@example.com', verified: false } }))).toEqual({ tell: true, push: true, mailTo: null });
  });

  it('mails security news and a refused link to the account address, verified or not, even when the person turned mail off', () => {
    const off = preferencesOf({ security: { mail: false, push: false }, link_failed: { mail: false, push: false } });
    for (const kind of ['security', 'link_failed'] as const) {
      expect(planDelivery(news(kind), facts({ preferences: off, devices: 0, address: { email: 'ann@example.com', verified: false } }))).toEqual({ tell: true, push: false, mailTo: 'ann@example.com' });
    }
  });

  it('says why nothing went: expired, superseded, rate, turned off, no device, unverified', () => {
    expect(planDelivery(news('proposal_waiting', NOW), facts())).toMatchObject({ tell: false, detail: expect.stringContaining('no longer mattered') });
    expect(planDelivery(news('order_ended'), facts({ superseded: true }))).toMatchObject({ tell: false, detail: expect.stringContaining('Newer news') });
    expect(planDelivery(news('order_ended'), facts({ toldRecently: NEWS_RATE.told }))).toMatchObject({ tell: false, detail: expect.stringContaining(String(NEWS_RATE.told)) });
    const off = preferencesOf({ order_ended: { push: false, mail: false } });
    expect(planDelivery(news('order_ended'), facts({ preferences: off }))).toEqual({ tell: false, detail: 'You turned this kind of news off.' });
    expect(planDelivery(news('proposal_waiting'), facts({ devices: 0 }))).toMatchObject({ tell: false, detail: expect.stringContaining('no device') });
    const mailOnly = preferencesOf({ order_ended: { push: false, mail: true } });
    expect(planDelivery(news('order_ended'), facts({ preferences: mailOnly, address: { email: 'a@b.c', verified: false } }))).toMatchObject({ tell: false, detail: expect.stringContaining('verify') });
  });

  it('tells security news beyond the rate', () => {
    expect(planDelivery(news('security'), facts({ toldRecently: NEWS_RATE.told * 3 }))).toMatchObject({ tell: true });
  });

  const anyFacts = fc.record({
    now: fc.integer({ min: NOW - 120_000, max: NOW + 120_000 }),
    devices: fc.integer({ min: 0, max: 3 }),
    verified: fc.boolean(),
    hasAddress: fc.boolean(),
    superseded: fc.boolean(),
    toldRecently: fc.integer({ min: 0, max: 30 }),
    push: fc.boolean(),
    mail: fc.boolean(),
    chosen: fc.dictionary(fc.constantFrom(...NEWS_KINDS), fc.record({ push: fc.boolean(), mail: fc.boolean() }, { requiredKeys: [] })),
  });

  test.prop([fc.constantFrom(...NEWS_KINDS), anyFacts])('never tells after expiry, when superseded, on a channel not there, or news mail to an unverified address', (kind, f) => {
    const plan = planDelivery(news(kind), {
      now: f.now,
      preferences: preferencesOf(f.chosen),
      devices: f.devices,
      address: f.hasAddress ? { email: 'ann@example.com', verified: f.verified } : null,
      superseded: f.superseded,
      toldRecently: f.toldRecently,
      configured: { push: f.push, mail: f.mail },
    });
    if (!plan.tell) return;
    expect(f.now).toBeLessThan(NOW + 60_000);
    expect(f.superseded).toBe(false);
    if (plan.push) expect(f.push && f.devices > 0).toBe(true);
    if (plan.mailTo !== null) expect(f.mail && f.hasAddress && (ALWAYS_MAILED.includes(kind) || f.verified)).toBe(true);
    if (kind !== 'security') expect(f.toldRecently).toBeLessThan(NEWS_RATE.told);
  });
});

describe('preferencesOf', () => {
  it('takes the defaults where nothing was chosen and never lets security or a refused link go unmailed', () => {
    expect(preferencesOf(undefined)).toEqual(DEFAULT_NEWS_PREFERENCES);
    const chosen = preferencesOf({ proposal_waiting: { mail: true }, security: { mail: false, push: false } });
    expect(chosen.proposal_waiting).toEqual({ push: true, mail: true });
    expect(chosen.security).toEqual({ push: false, mail: true });
  });
});
