import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERROR_RESULT_KEYS } from '../errors/error-result.js';
import { renderError } from '../errors/render.js';
import { parsePushSubscription } from './push-subscription.js';

const p256dh = (): string => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey('base64url');
};

/**
 * A public key in standard base64 that has a `+` or `/` in it: about one key in sixteen has neither, and is then
 * also valid base64url (padding is accepted), which is not what the case is about.
 */
function standardBase64Key(): string {
  for (;;) {
    const standard = Buffer.from(p256dh(), 'base64url').toString('base64');
    if (/[+/]/.test(standard)) return standard;
  }
}

const GOOD = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', expirationTime: null, keys: { p256dh: p256dh(), auth: randomBytes(16).toString('base64url') } };
const text = (value: unknown): string => JSON.stringify(value);

describe('parsePushSubscription', () => {
  it('takes what PushSubscription.toJSON() gives, keeping endpoint and keys (padding dropped)', () => {
    expect(parsePushSubscription(text(GOOD), false)._unsafeUnwrap()).toEqual({ endpoint: GOOD.endpoint, p256dh: GOOD.keys.p256dh, auth: GOOD.keys.auth });
    const padded = { ...GOOD, keys: { ...GOOD.keys, auth: `${GOOD.keys.auth}==` } };
    expect(parsePushSubscription(text(padded), false)._unsafeUnwrap().auth).toBe(GOOD.keys.auth);
    expect(parsePushSubscription(text({ endpoint: GOOD.endpoint, keys: GOOD.keys }), false).isOk()).toBe(true);
  });

  it('takes http only to a loopback address, and only where the deployment allows it', () => {
    for (const endpoint of ['http://127.0.0.1:4567/push/x', 'http://localhost/push', 'http://[::1]:8080/p', 'http://127.9.9.9/p']) {
      expect(parsePushSubscription(text({ ...GOOD, endpoint }), true).isOk(), endpoint).toBe(true);
      expect(parsePushSubscription(text({ ...GOOD, endpoint }), false)._unsafeUnwrapErr().message, endpoint).toBe('endpoint must be an https URL.');
    }
    for (const endpoint of ['http://push.example.com/x', 'http://10.0.0.1/x', 'http://127.0.0.1.example.com/x', 'http://localhost.example/x']) {
      expect(parsePushSubscription(text({ ...GOOD, endpoint }), true)._unsafeUnwrapErr().message, endpoint).toBe('endpoint must be an https URL, or http on a loopback address.');
    }
  });

  const BAD: readonly (readonly [string, unknown, string])[] = [
    ['a number', 42, 'JSON of a PushSubscription'],
    ['missing', undefined, 'JSON of a PushSubscription'],
    ['not JSON', '{"endpoint":', 'JSON of a PushSubscription'],
    ['JSON null', 'null', 'JSON of a PushSubscription'],
    ['a JSON array', text([GOOD]), 'JSON of a PushSubscription'],
    ['a JSON string', text('https://push.example'), 'JSON of a PushSubscription'],
    ['far too long', text({ ...GOOD, endpoint: `https://push.example/${'x'.repeat(9000)}` }), 'JSON of a PushSubscription'],
    ['no endpoint', text({ keys: GOOD.keys }), 'endpoint is required.'],
    ['an empty endpoint', text({ ...GOOD, endpoint: '' }), 'endpoint is required.'],
    ['an endpoint that is a number', text({ ...GOOD, endpoint: 7 }), 'endpoint is invalid'],
    ['an endpoint that is no URL', text({ ...GOOD, endpoint: 'push service' }), 'endpoint is invalid'],
    ['an ftp endpoint', text({ ...GOOD, endpoint: 'ftp://push.example/x' }), 'endpoint must be an https URL'],
    ['an endpoint with a user', text({ ...GOOD, endpoint: 'https://me@push.example/x' }), 'endpoint must be an https URL'],
    ['an endpoint too long', text({ ...GOOD, endpoint: `https://push.example/${'x'.repeat(2048)}` }), 'endpoint must be at most 2048 characters long.'],
    ['an expirationTime that is text', text({ ...GOOD, expirationTime: 'soon' }), 'expirationTime is invalid'],
    ['no keys', text({ endpoint: GOOD.endpoint }), 'keys is required.'],
    ['keys that are a string', text({ ...GOOD, keys: 'abc' }), 'keys is invalid'],
    ['no p256dh', text({ ...GOOD, keys: { auth: GOOD.keys.auth } }), 'keys.p256dh is required.'],
    ['a p256dh off the curve', text({ ...GOOD, keys: { ...GOOD.keys, p256dh: `${GOOD.keys.p256dh.slice(0, -2)}AA` } }), 'keys.p256dh must be a P-256 public key'],
    ['a p256dh of 32 bytes', text({ ...GOOD, keys: { ...GOOD.keys, p256dh: randomBytes(32).toString('base64url') } }), 'keys.p256dh must be a P-256 public key'],
    ['a p256dh in standard base64', text({ ...GOOD, keys: { ...GOOD.keys, p256dh: standardBase64Key() } }), 'keys.p256dh must be a P-256 public key'],
    ['no auth', text({ ...GOOD, keys: { p256dh: GOOD.keys.p256dh } }), 'keys.auth is required.'],
    ['an auth of 8 bytes', text({ ...GOOD, keys: { ...GOOD.keys, auth: randomBytes(8).toString('base64url') } }), 'keys.auth must be 16 bytes'],
    ['an auth that is a number', text({ ...GOOD, keys: { ...GOOD.keys, auth: 16 } }), 'keys.auth is invalid'],
  ];

  it.each(BAD)('refuses %s with the contract’s seven-key VALIDATION_ERROR', (_, input, words) => {
    const error = parsePushSubscription(input, true)._unsafeUnwrapErr();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain(words);
    expect(Object.keys(renderError(error).body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  });
});
