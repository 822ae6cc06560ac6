import { createCipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';

/** The subscription's keys as bytes: the browser's P-256 public point (65 bytes) and its 16-byte auth secret. */
export interface RecipientKeys {
  readonly p256dh: Buffer;
  readonly auth: Buffer;
}

/** What RFC 8291 leaves to chance; fixed only by the test that replays the RFC's worked example. */
export interface SenderRandomness {
  readonly salt: Buffer;
  /** An ECDH on prime256v1 holding the ephemeral key pair. */
  readonly ephemeral: ECDH;
}

/** One record carries the whole message; 4096 is the record size RFC 8291 §4 tells senders to use. */
const RECORD_SIZE = 4096;
const LAST_RECORD_DELIMITER = 0x02;

const freshRandomness = (): SenderRandomness => {
  const ephemeral = createECDH('prime256v1');
  ephemeral.generateKeys();
  return { salt: randomBytes(16), ephemeral };
};

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Encrypts a push message body with the `aes128gcm` content coding as RFC 8291 specifies (RFC 8188's header:
 * salt, record size, the sender's ephemeral public key; then a single record). Throws when `p256dh` is not a
 * point on P-256; the sender checks the keys first.
 * @example
 * const body = encryptPushMessage(Buffer.from(JSON.stringify(payload)), { p256dh, auth });
 */
export function encryptPushMessage(plaintext: Buffer, recipient: RecipientKeys, randomness: SenderRandomness = freshRandomness()): Buffer {
  const { salt, ephemeral } = randomness;
  const senderPublic = ephemeral.getPublicKey();
  const sharedSecret = ephemeral.computeSecret(recipient.p256dh);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), recipient.p256dh, senderPublic]);
  const inputKey = hkdf(sharedSecret, recipient.auth, keyInfo, 32);
  const contentKey = hkdf(inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  const record = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([LAST_RECORD_DELIMITER])])), cipher.final(), cipher.getAuthTag()]);

  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublic.length, 20);
  return Buffer.concat([header, senderPublic, record]);
}
