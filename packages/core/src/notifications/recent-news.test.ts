import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { News, NewsOutcome } from './news.js';
import { howItWent, recentNews } from './recent-news.js';

const ANN = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';

const news = (n: number, ownerId = ANN): News => ({
  id: `news-${String(n)}`,
  ownerId,
  kind: 'proposal_waiting',
  key: `key-${String(n)}`,
  topic: `topic-${String(n)}`,
  title: `Approve? SPY iron condor ${String(n)}`,
  body: 'Sell 1 SPY iron condor',
  path: `/desk/approvals/p-${String(n)}`,
  createdAt: Date.UTC(2026, 1, 10, 15, n),
  expiresAt: Date.UTC(2026, 1, 10, 16),
  urgency: 'high',
});

describe('howItWent', () => {
  it.each<[NewsOutcome | null, string]>([
    [null, 'Waiting to be sent.'],
    [{ status: 'told', pushed: 2, mailed: true, detail: null }, 'Pushed to 2 devices and mailed.'],
    [{ status: 'told', pushed: 1, mailed: false, detail: null }, 'Pushed to 1 device.'],
    [{ status: 'told', pushed: 0, mailed: true, detail: null }, 'Mailed.'],
    [{ status: 'skipped', pushed: 0, mailed: false, detail: 'You turned this kind of news off.' }, 'You turned this kind of news off.'],
    [{ status: 'failed', pushed: 0, mailed: false, detail: 'No device and no mail server took it.' }, 'No device and no mail server took it.'],
  ])('%j → %s', (outcome, words) => {
    expect(howItWent(outcome)).toBe(words);
  });
});

describe('recentNews', () => {
  it('lists the person’s own latest news, newest first, with its title, time, how it went and link', async () => {
    const services = createTestServices();
    for (let n = 1; n <= 12; n++) await services.news.add(news(n));
    await services.news.add(news(30, BOB));
    const [leased] = await services.news.claimUntold('teller', Date.UTC(2026, 1, 10, 15, 30), 60_000, 1);
    await services.news.finish(leased?.id ?? '', 'teller', { status: 'told', pushed: 1, mailed: true, detail: null }, Date.UTC(2026, 1, 10, 15, 31));

    const listed = (await recentNews(services, ANN))._unsafeUnwrap();
    expect(listed.map((view) => view.id)).toEqual(['news-12', 'news-11', 'news-10', 'news-9', 'news-8', 'news-7', 'news-6', 'news-5', 'news-4', 'news-3']);
    expect(listed[0]).toEqual({
      id: 'news-12',
      title: 'Approve? SPY iron condor 12',
      at: '2026-02-10T15:12:00.000Z',
      toldAt: null,
      status: 'waiting',
      how: 'Waiting to be sent.',
      path: '/desk/approvals/p-12',
    });
    const told = (await recentNews(services, ANN, 20))._unsafeUnwrap().find((view) => view.id === 'news-1');
    expect(told).toMatchObject({ status: 'told', how: 'Pushed to 1 device and mailed.', toldAt: '2026-02-10T15:31:00.000Z' });
    expect((await recentNews(services, BOB))._unsafeUnwrap().map((view) => view.id)).toEqual(['news-30']);
  });
});
