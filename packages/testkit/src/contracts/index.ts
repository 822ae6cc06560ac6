export { userStoreContract } from './user-store.contract.js';
export { sessionStoreContract } from './session-store.contract.js';
