import { expect, it } from 'vitest';
import { decryptPushMessage } from './push-decryption.js';

/** RFC 8291 Appendix A: the browser's keys and the message the worked example sends it. */
const RFC_8291 = {
  secrets: {
    privateKey: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    publicKey: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  },
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

it("decrypts RFC 8291's worked example to its plaintext", () => {
  expect(decryptPushMessage(Buffer.from(RFC_8291.message, 'base64url'), RFC_8291.secrets)).toBe('When I grow up, I want to be a watermelon');
});

it('refuses a message with one byte changed, and one for another auth secret', () => {
  const tampered = Buffer.from(RFC_8291.message, 'base64url');
  tampered[tampered.length - 20]! ^= 1;
  expect(() => decryptPushMessage(tampered, RFC_8291.secrets)).toThrow(/authentication tag/);
  const otherAuth = { ...RFC_8291.secrets, auth: Buffer.alloc(16, 7).toString('base64url') };
  expect(() => decryptPushMessage(Buffer.from(RFC_8291.message, 'base64url'), otherAuth)).toThrow(/authentication tag/);
});
