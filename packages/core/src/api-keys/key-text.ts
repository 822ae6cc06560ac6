import type { Ids } from '../ports/ids.js';

/** Every API key starts with this, so people, secret scanners and condor itself recognise one. */
export const API_KEY_PREFIX = 'condor_sk_';

const KEY_SHAPE = /^condor_sk_[A-Za-z0-9_-]{16,128}$/;

/** A new key: the prefix and an opaque token of at least 256 random bits. */
export const mintApiKey = (ids: Ids): string => `${API_KEY_PREFIX}${ids.opaqueToken()}`;

/** Whether a credential is meant as an API key (it is then never read as an access token). */
export const looksLikeApiKey = (credential: string): boolean => credential.startsWith(API_KEY_PREFIX);

/** Whether it has an API key's shape, so a lookup can find it; anything else is refused without one. */
export const hasApiKeyShape = (credential: string): boolean => KEY_SHAPE.test(credential);

/** The last four characters, kept to tell keys apart. */
export const keyHint = (key: string): string => key.slice(-4);

/** How a key is shown after its creation: the prefix and its hint, e.g. `condor_sk_…x9Qe`. */
export const maskedKey = (hint: string): string => `${API_KEY_PREFIX}…${hint}`;
