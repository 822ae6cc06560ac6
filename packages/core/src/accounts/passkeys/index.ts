export { counterAdvances } from './counter.js';
export { CHALLENGE_TTL_MS } from './challenge.js';
export { FRESH_LOGIN_MS, listPasskeys, removePasskey, renamePasskey, type PasskeyView } from './manage-passkeys.js';
export { MAX_PASSKEY_NAME, passkeyName } from './passkey-name.js';
export { approvalPurpose, REGISTER_PURPOSE } from './purposes.js';
export { PASSKEY_REFUSAL_WORDS, type PasskeyRefusal } from './refusals.js';
export { finishPasskeyRegistration, startPasskeyRegistration } from './register-passkey.js';
export { startPasskeyAssertion, verifyPasskeyAssertion } from './assert-passkey.js';
