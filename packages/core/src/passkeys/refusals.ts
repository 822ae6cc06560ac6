/** Why a passkey ceremony or change was refused: a closed list, so each shell words and maps every one. */
export type PasskeyRefusal =
  | 'challenge_unknown'
  | 'challenge_expired'
  | 'challenge_purpose'
  | 'not_verified'
  | 'user_not_verified'
  | 'counter_replayed'
  | 'already_registered'
  | 'passkey_not_found'
  | 'invalid_name'
  | 'password_needed'
  | 'password_wrong'
  | 'login_not_fresh'
  | 'no_passkey'
  | 'passkey_needed';

/** What a person reads for each refusal. */
export const PASSKEY_REFUSAL_WORDS = {
  challenge_unknown: 'This passkey request was already used or never started. Start again.',
  challenge_expired: 'This passkey request has expired. Start again.',
  challenge_purpose: 'This passkey answer was made for something else. Start again.',
  not_verified: 'The passkey’s answer could not be verified, so nothing was done.',
  user_not_verified: 'Your authenticator did not verify you (PIN, fingerprint or face), so nothing was done. condor needs that check.',
  counter_replayed: 'This passkey’s counter went backwards, which a copied passkey would do, so it was refused.',
  already_registered: 'This passkey is already registered.',
  passkey_not_found: 'No such passkey of yours.',
  invalid_name: 'A passkey’s name is 1 to 60 characters, without control characters.',
  password_needed: 'Enter your password to do this: adding a passkey, removing your last one, or no longer asking for it on paper orders needs it.',
  password_wrong: 'That password is not right, so nothing was changed.',
  login_not_fresh: 'This needs a fresh login: log out, log in again, and do it within 10 minutes.',
  no_passkey: 'You have no passkey yet: add one on your passkeys page first.',
  passkey_needed: 'Giving an agent the trade scope needs your passkey: press the button again and answer your browser’s passkey prompt (this needs JavaScript). Nothing was granted.',
} as const satisfies Record<PasskeyRefusal, string>;
