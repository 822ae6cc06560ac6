import { describe, expect, it } from 'vitest';
import { withoutLinkTokens } from './link-paths.js';

describe('withoutLinkTokens', () => {
  it('keeps a page link’s token out of a logged path, and leaves other paths alone', () => {
    expect(withoutLinkTokens('/approve/AbC_123-xyz/approve')).toBe('/approve/:token/approve');
    expect(withoutLinkTokens('/approve/AbC_123-xyz')).toBe('/approve/:token');
    expect(withoutLinkTokens('/broker-keys/t0k3n')).toBe('/broker-keys/:token');
    expect(withoutLinkTokens('/verify-email/rt_9f8e7d6c5b4a')).toBe('/verify-email/:token');
    expect(withoutLinkTokens('/settings/verification-mail')).toBe('/settings/verification-mail');
    expect(withoutLinkTokens('/v1/proposals/entries')).toBe('/v1/proposals/entries');
    expect(withoutLinkTokens('/login')).toBe('/login');
    expect(withoutLinkTokens('/broker-keys/schwab/callback')).toBe('/broker-keys/schwab/callback');
    expect(withoutLinkTokens('/broker-keys/AbC_123-xyz/login')).toBe('/broker-keys/:token/login');
  });
});
