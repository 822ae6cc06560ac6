import { VERIFY_LINK_TTL_MS, type Mail, type MailChannel } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { parsePage, text } from './dom.js';
import { ORIGIN, PASSWORD, pagesHarness } from './pages-harness.js';

class Outbox implements MailChannel {
  readonly sent: Mail[] = [];
  send(mail: Mail): Promise<'sent' | 'failed'> {
    this.sent.push(mail);
    return Promise.resolve('sent');
  }
  /** The path of the last verification link mailed. */
  lastLink(): string {
    return /https?:\/\/[^/\s]+(\/verify-email\/\S+)/.exec(this.sent.at(-1)?.text ?? '')?.[1] ?? '';
  }
}

async function setUp() {
  const outbox = new Outbox();
  const h = pagesHarness({ mail: outbox });
  const ann = await h.trader('ann@example.com');
  const csrf = h.csrfOf(await h.send('GET', '/settings', { cookie: ann.cookie }));
  return { h, ann, csrf, outbox };
}

const address = async (h: ReturnType<typeof pagesHarness>, cookie: string) => parsePage((await h.send('GET', '/settings', { cookie })).body).querySelector('[data-role="address"]');

describe('verifying the address', () => {
  it('mails the link at registration and on request; the link verifies the address once, without a login', async () => {
    const { h, ann, csrf, outbox } = await setUp();
    // Registration mailed one already (it does not wait for it).
    await expect.poll(() => outbox.sent.length).toBe(1);
    expect((await address(h, ann.cookie))?.getAttribute('data-verified')).toBe('no');
    const sent = await h.post('/settings/verification-mail', { csrf_token: csrf }, ann.cookie);
    expect([sent.status, sent.headers.get('location')]).toEqual([303, '/settings?verification_sent=1#notifications']);
    expect(outbox.sent.map((mail) => mail.to)).toEqual([ann.email, ann.email]);
    const link = outbox.lastLink();
    expect(outbox.sent.at(-1)?.text).toContain(`${ORIGIN}/verify-email/`);

    const opened = await h.send('GET', link);
    expect(opened.status).toBe(200);
    expect(text(parsePage(opened.body).querySelector('h1'))).toBe('Address verified');
    expect((await address(h, ann.cookie))?.getAttribute('data-verified')).toBe('yes');
    expect(parsePage((await h.send('GET', '/settings', { cookie: ann.cookie })).body).querySelector('[data-role="send-verification"]')).toBeNull();

    const again = await h.post('/settings/verification-mail', { csrf_token: csrf }, ann.cookie);
    expect([again.status, text(parsePage(again.body).querySelector('[data-role="settings-error"]'))]).toEqual([409, 'Your address is verified already.']);
  });

  it('answers an unknown, a used or an expired link with a page in words, changing nothing', async () => {
    const { h, ann, csrf, outbox } = await setUp();
    await expect.poll(() => outbox.sent.length).toBe(1);
    const unknown = await h.send('GET', '/verify-email/rt_00000000000000000000000000000000');
    expect([unknown.status, text(parsePage(unknown.body).querySelector('[data-role="message"] p'))]).toEqual([404, expect.stringContaining('not one condor sent')]);

    const first = outbox.lastLink();
    await h.post('/settings/verification-mail', { csrf_token: csrf }, ann.cookie);
    const second = outbox.lastLink();
    await h.services.singleUseLinks.markUsed(h.services.digest.sha256(second.replace('/verify-email/', '')), h.services.clock.now());
    const used = await h.send('GET', second);
    expect([used.status, text(parsePage(used.body).querySelector('[data-role="message"] p'))]).toEqual([410, expect.stringContaining('was used already')]);
    expect((await address(h, ann.cookie))?.getAttribute('data-verified')).toBe('no');

    h.services.clock.advance(VERIFY_LINK_TTL_MS);
    const expired = await h.send('GET', first);
    expect([expired.status, text(parsePage(expired.body).querySelector('[data-role="message"] p'))]).toEqual([410, expect.stringContaining('has expired')]);
    expect((await h.services.users.findById(ann.userId))?.emailVerifiedAt ?? null).toBeNull();
  });

  it('refuses the request past its rate, in words', async () => {
    const { h, ann, csrf, outbox } = await setUp();
    await expect.poll(() => outbox.sent.length).toBe(1);
    for (let i = 0; i < 2; i++) expect((await h.post('/settings/verification-mail', { csrf_token: csrf }, ann.cookie)).status).toBe(303);
    const refused = await h.post('/settings/verification-mail', { csrf_token: csrf }, ann.cookie);
    expect([refused.status, text(parsePage(refused.body).querySelector('[data-role="settings-error"]'))]).toEqual([429, expect.stringContaining('verification mails in the last hour')]);
    expect(outbox.sent).toHaveLength(3);
  });
});

describe('changing the password', () => {
  const NEW = 'a brand new pages password';

  it('needs the current password; then logs out every other browser and API session, keeps this one, and the new password logs in', async () => {
    const { h, ann, csrf } = await setUp();
    const phone = await h.browserLogin(ann.email);
    const change = (current: string, next = NEW, repeat = next) => h.post('/settings/password', { csrf_token: csrf, current_password: current, new_password: next, repeat_password: repeat }, ann.cookie);

    const wrong = await change('not my password');
    expect([wrong.status, text(parsePage(wrong.body).querySelector('[data-role="settings-error"]'))]).toEqual([403, 'That is not your current password, so nothing was changed.']);
    const short = await change(PASSWORD, 'short');
    expect([short.status, text(parsePage(short.body).querySelector('[data-role="settings-error"]'))]).toEqual([422, 'A new password is 12 to 256 characters long.']);
    const differ = await change(PASSWORD, NEW, `${NEW}!`);
    expect(differ.status).toBe(422);
    expect((await h.send('GET', '/settings', { cookie: phone })).status).toBe(200);

    const changed = await change(PASSWORD);
    expect([changed.status, changed.headers.get('location')]).toEqual([303, '/settings?password_changed=1#password']);
    expect((await h.send('GET', '/settings', { cookie: ann.cookie })).status).toBe(200);
    expect((await h.send('GET', '/settings', { cookie: phone })).status).toBe(303);
    await expect(h.call('get_positions', {}, ann.apiToken)).rejects.toThrow(/SESSION_INVALID/);
    expect((await h.post('/login', { email: ann.email, password: PASSWORD, next: '/' })).status).not.toBe(303);
    expect((await h.post('/login', { email: ann.email, password: NEW, next: '/' })).status).toBe(303);
    expect((await h.services.news.recent(ann.userId, 1))[0]?.news.title).toBe('Your condor password was changed');
  });
});
