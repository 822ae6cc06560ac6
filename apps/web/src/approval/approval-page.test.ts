import { describe, expect, it } from 'vitest';
import { parsePage, text } from '../../test/dom.js';
import { SAMPLE_BAND, sampleTicket } from '../../test/tickets.js';
import { renderApprovalPage } from './approval-page.js';

const NO_PASSKEY_ASKED = { required: false, registered: false };

const page = (overrides: Parameters<typeof sampleTicket>[0] = {}, passkey = NO_PASSKEY_ASKED) =>
  parsePage(`<body>${String(renderApprovalPage({ ticket: sampleTicket(overrides), token: 'tok', csrf: 'c5rf', linkUsed: false, passkey }))}</body>`);

describe('renderApprovalPage', () => {
  it('puts the band beside Approve: the sentence with its worst case above the button, what Approve covers as its description', () => {
    const doc = page();
    const decision = doc.querySelector('[data-role="decision"]');
    expect(text(decision?.querySelector('[data-role="band-sentence"]'))).toBe(SAMPLE_BAND.words);
    // At $0.65 the condor's 5-dollar wings risk $435.00 for $65.00: breakevens 655 − 0.65 and 723 + 0.65, return 65/435.
    expect(SAMPLE_BAND.words).toBe('You approve a credit of $0.70 down to $0.65 per share: at $0.65 the max loss is $435.00, breakevens 654.35 and 723.65, return on risk 14.9%.');
    const approve = decision?.querySelector('button[data-approve]');
    expect(approve?.getAttribute('aria-describedby')).toBe('band-approval');
    expect(text(decision?.querySelector('#band-approval'))).toBe('Approve covers every price from a credit of $0.70 down to $0.65 per share, and nothing worse.');
  });

  it('asks about no band for a proposal made before bands', () => {
    const doc = page({ band: null });
    expect(doc.querySelector('[data-role="band-sentence"]')).toBeNull();
    expect(doc.querySelector('#band-approval')).toBeNull();
    expect(doc.querySelector('button[data-approve]')?.getAttribute('aria-describedby')).toBeNull();
  });

  it('offers no decision, nor its band sentence, once the proposal is decided', () => {
    const doc = page({ status: 'placed' });
    expect(doc.querySelector('[data-role="decision"]')).toBeNull();
    expect(doc.querySelector('[data-role="band-sentence"]')).toBeNull();
  });

  it('asks for the passkey where one is required: Approve asks the browser first, and says what happens without JavaScript', () => {
    const doc = page({}, { required: true, registered: true });
    const form = doc.querySelector('form[data-step-up]');
    expect(form?.getAttribute('data-options-url')).toBe('/approve/tok/passkey');
    expect([...(form?.querySelectorAll('input[type="hidden"]') ?? [])].map((input) => input.getAttribute('name'))).toEqual(['csrf_token', 'passkey_challenge', 'passkey_response']);
    expect(text(form?.querySelector('button[data-approve]'))).toBe('Approve with passkey');
    expect(text(doc.querySelector('[data-role="passkey-needed"]'))).toContain('You asked for your passkey on paper orders');
    expect(page({ account: { ...sampleTicket().account, environment: 'live' } }, { required: true, registered: true }).querySelector('[data-role="passkey-needed"]')?.textContent).toContain('real-money account');
    expect(doc.querySelector('noscript')?.textContent).toContain('needs JavaScript');
  });

  it('offers no Approve to a person who must give a passkey and has none, only the way to add one and Reject', () => {
    const doc = page({}, { required: true, registered: false });
    expect(doc.querySelector('button[data-approve]')).toBeNull();
    expect(doc.querySelector('[data-role="passkey-needed"] a')?.getAttribute('href')).toBe('/passkeys');
    expect(doc.querySelector('form[action="/approve/tok/reject"]')).not.toBeNull();
  });

  it('keeps the password-only Approve where no passkey is asked', () => {
    const doc = page();
    expect(doc.querySelector('form[data-step-up]')).toBeNull();
    expect(text(doc.querySelector('button[data-approve]'))).toBe('Approve');
  });
});
