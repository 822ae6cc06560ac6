export { userStoreContract } from './user-store.contract.js';
export { sessionStoreContract } from './session-store.contract.js';
export { marketDataContract, type MarketDataFixture } from './market-data.contract.js';
export { onboardingStoreContract } from './onboarding-store.contract.js';
export { subscriptionStoreContract } from './subscription-store.contract.js';
export { quotaStoreContract } from './quota-store.contract.js';
export { rateLimitStoreContract } from './rate-limit-store.contract.js';
export { strategyRunStoreContract } from './strategy-run-store.contract.js';
export { savedStrategyStoreContract, type SavedStrategyStores } from './saved-strategy-store.contract.js';
