import { expect, it } from 'vitest';
import { parseSmtpUrl } from './smtp-url.js';

it('reads host, port (465 for smtps, 25 for smtp by default), TLS and percent-decoded credentials', () => {
  expect(parseSmtpUrl('smtps://condor:p%40ss%2Fword@mail.example.com')._unsafeUnwrap()).toEqual({
    host: 'mail.example.com',
    port: 465,
    secure: true,
    credentials: { user: 'condor', pass: 'p@ss/word' },
    redactedUrl: 'smtps://condor:***@mail.example.com',
  });
  expect(parseSmtpUrl('smtp://[::1]')._unsafeUnwrap()).toMatchObject({ host: '::1', port: 25, secure: false, credentials: undefined, redactedUrl: 'smtp://[::1]' });
  expect(parseSmtpUrl('smtps://mail.example.com:2465')._unsafeUnwrap().port).toBe(2465);
});

it('refuses a user without a password, a plain remote host, and another scheme', () => {
  expect(parseSmtpUrl('smtps://condor@mail.example.com')._unsafeUnwrapErr().message).toMatch(/both a user and a password/);
  expect(parseSmtpUrl('smtp://u:secret@127.0.0.1.example.com')._unsafeUnwrapErr().message).toMatch(/loopback/);
  expect(parseSmtpUrl('smtp://u:secret@10.0.0.5')._unsafeUnwrapErr().message).not.toContain('secret');
  expect(parseSmtpUrl('submission://mail.example.com').isErr()).toBe(true);
});
