import { onboardingStoreContract } from '../contracts/index.js';
import { MemoryOnboardingStore } from './memory-onboarding-store.js';

onboardingStoreContract('memory', () => Promise.resolve(new MemoryOnboardingStore()));
