import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for tests that drive the real server without a browser: one P-256 passkey that answers
 * WebAuthn's registration (attestation `none`) and assertions with the user-present and user-verified flags, signed
 * as an authenticator signs, so the server's real verifier (@simplewebauthn/server) checks them as a browser's.
 * @example
 * const passkey = new SoftPasskey(() => 'http://localhost:8080');
 * const response = passkey.register(options.challenge); // post as the passkeys page's script does
 * const assertion = passkey.assert(options.challenge);
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  /** `origin`: the server's public URL, read per use (a test learns its port late); its host name is the relying party's id. */
  constructor(private readonly origin: () => string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** The answer to `navigator.credentials.create` for `challenge`, as SimpleWebAuthnBrowser hands it over (JSON). */
  register(challenge: string): Record<string, unknown> {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const cose = cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x ?? '', 'base64url')], [-3, Buffer.from(jwk.y ?? '', 'base64url')]]));
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([0x45]), uint32(this.counter), Buffer.alloc(16), length, this.credentialId, cose]);
    const attestationObject = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: this.clientData('webauthn.create', challenge).toString('base64url'), attestationObject: attestationObject.toString('base64url'), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to `navigator.credentials.get` for `challenge`, user verified. */
  assert(challenge: string): Record<string, unknown> {
    this.counter += 1;
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([0x05]), uint32(this.counter)]);
    const clientData = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: clientData.toString('base64url'), authenticatorData: authData.toString('base64url'), signature: signature.toString('base64url') },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private rpIdHash(): Buffer {
    return sha256(Buffer.from(new URL(this.origin()).hostname));
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: new URL(this.origin()).origin, crossOrigin: false }));
  }
}

const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();

function uint32(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
}

/** The little CBOR WebAuthn needs: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value.entries()].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`no CBOR for ${typeof value}`);
}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(n, 1);
  return out;
}
