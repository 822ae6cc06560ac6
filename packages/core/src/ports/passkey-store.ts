/** A person's registered passkey (a WebAuthn credential); the private key never leaves their authenticator. */
export interface Passkey {
  /** The credential id, base64url: unique across all people. */
  readonly id: string;
  readonly userId: string;
  /** The credential's COSE public key, base64url. */
  readonly publicKey: string;
  /** The authenticator's signature counter at the last accepted use (0 for synced passkeys, which never count). */
  readonly counter: number;
  /** How the browser can reach the authenticator (`internal`, `hybrid`, `usb` …), as it reported them. */
  readonly transports: readonly string[];
  readonly name: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** A single-use WebAuthn challenge, bound to one person and one purpose (`register`, `approve:<id>:<start>:<worst>`). */
export interface PasskeyChallenge {
  /** The challenge as sent to the browser, base64url. */
  readonly challenge: string;
  readonly userId: string;
  readonly purpose: string;
  readonly expiresAt: number;
}

/** What removing a passkey did: `last` when `keepLast` was asked and it is the person's only one (nothing removed). */
export type PasskeyRemoval = 'removed' | 'last' | 'absent';

/** People's passkeys and the challenges of ceremonies under way. Every passkey read and write is scoped to its person. */
export interface PasskeyStore {
  /** Adds a passkey; false (nothing written) when a passkey with that credential id exists, anyone's. */
  insert(passkey: Passkey): Promise<boolean>;
  /** The person's passkeys, oldest first. */
  list(userId: string): Promise<readonly Passkey[]>;
  find(userId: string, id: string): Promise<Passkey | undefined>;
  /** False when the person has no such passkey. */
  rename(userId: string, id: string, name: string): Promise<boolean>;
  /** Records an accepted use: the new counter and when. False when the person has no such passkey. */
  recordUse(userId: string, id: string, counter: number, at: number): Promise<boolean>;
  /** Removes one; with `keepLast` it refuses (`last`) in the same step when it is the person's only passkey. */
  remove(userId: string, id: string, keepLast: boolean): Promise<PasskeyRemoval>;
  /** Keeps a challenge until it is taken; the person's expired challenges (before `at`) go. */
  saveChallenge(challenge: PasskeyChallenge, at: number): Promise<void>;
  /** Takes the person's challenge away, once: a second take of the same challenge answers undefined. Expired ones too (the caller judges expiry). */
  takeChallenge(userId: string, challenge: string): Promise<PasskeyChallenge | undefined>;
}
