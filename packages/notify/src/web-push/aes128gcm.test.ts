import { createECDH } from 'node:crypto';
import { expect, it } from 'vitest';
import { encryptPushMessage } from './aes128gcm.js';

/** RFC 8291 §5 and Appendix A: the worked example's keys, salt and the exact message they produce. */
const RFC_8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  senderPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  senderPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  recipientPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const b64 = (text: string): Buffer => Buffer.from(text, 'base64url');

it("reproduces RFC 8291's worked example byte for byte from its keys and salt", () => {
  const ephemeral = createECDH('prime256v1');
  ephemeral.setPrivateKey(b64(RFC_8291.senderPrivate));
  expect(ephemeral.getPublicKey('base64url')).toBe(RFC_8291.senderPublic);

  const message = encryptPushMessage(Buffer.from(RFC_8291.plaintext), { p256dh: b64(RFC_8291.recipientPublic), auth: b64(RFC_8291.auth) }, { salt: b64(RFC_8291.salt), ephemeral });

  expect(message.toString('base64url')).toBe(RFC_8291.message);
});

it('uses a fresh salt and ephemeral key for every message', () => {
  const recipient = { p256dh: b64(RFC_8291.recipientPublic), auth: b64(RFC_8291.auth) };
  const first = encryptPushMessage(Buffer.from('same'), recipient);
  const second = encryptPushMessage(Buffer.from('same'), recipient);
  expect(first.subarray(0, 16).equals(second.subarray(0, 16))).toBe(false);
  expect(first.subarray(21, 86).equals(second.subarray(21, 86))).toBe(false);
  expect(first.readUInt32BE(16)).toBe(4096);
  expect(first[20]).toBe(65);
});
