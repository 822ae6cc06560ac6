import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto';

/** A browser's private side of a subscription, all base64url: the P-256 scalar, its public point and the auth secret. */
export interface SubscriptionSecrets {
  readonly privateKey: string;
  readonly publicKey: string;
  readonly auth: string;
}

const HEADER_BYTES = 21;
const TAG_BYTES = 16;

const hkdf = (ikm: Buffer, salt: Buffer, info: string | Buffer, length: number): Buffer =>
  Buffer.from(hkdfSync('sha256', ikm, salt, typeof info === 'string' ? Buffer.from(info) : info, length));

/**
 * Decrypts an `aes128gcm` push message as a browser does (RFC 8291 §3.4, RFC 8188 §2), written apart from the
 * sender so a shared mistake cannot pass both. Throws an Error whose message says what was wrong.
 */
export function decryptPushMessage(message: Buffer, secrets: SubscriptionSecrets): string {
  if (message.length < HEADER_BYTES) throw new Error('message shorter than the aes128gcm header');
  const salt = message.subarray(0, 16);
  const recordSize = message.readUInt32BE(16);
  const keyIdLength = message[20]!;
  if (keyIdLength !== 65) throw new Error(`keyid is ${keyIdLength} bytes; RFC 8291 wants the sender's 65-byte P-256 point`);
  const senderPublic = message.subarray(HEADER_BYTES, HEADER_BYTES + keyIdLength);
  const record = message.subarray(HEADER_BYTES + keyIdLength);
  if (recordSize < 18) throw new Error(`record size ${recordSize} is below the minimum of 18`);
  if (record.length > recordSize) throw new Error('the message spans more than one record; RFC 8291 §4 wants exactly one');
  if (record.length <= TAG_BYTES) throw new Error('the record has no content');

  const recipientPublic = Buffer.from(secrets.publicKey, 'base64url');
  const browser = createECDH('prime256v1');
  browser.setPrivateKey(Buffer.from(secrets.privateKey, 'base64url'));
  const sharedSecret = browser.computeSecret(senderPublic);
  const inputKey = hkdf(sharedSecret, Buffer.from(secrets.auth, 'base64url'), Buffer.concat([Buffer.from('WebPush: info\0'), recipientPublic, senderPublic]), 32);
  const contentKey = hkdf(inputKey, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(inputKey, salt, 'Content-Encoding: nonce\0', 12);

  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new Error('the record does not decrypt with the subscription keys (authentication tag mismatch)');
  }
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}
