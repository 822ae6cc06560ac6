/** Test doubles and port contract suites shared by every package's tests. */
export { FakeClock } from './fakes/fake-clock.js';
export { SeededIds } from './fakes/seeded-ids.js';
export { FakeDigest, FakePasswordHasher, FakeTokenSigner } from './fakes/fake-passwords.js';
export { MemorySessionStore, MemoryUserStore } from './fakes/memory-stores.js';
export { RecordingLogger, type LogLine } from './fakes/recording-logger.js';
export { createTestServices, type TestServices } from './test-services.js';
export { userStoreContract, sessionStoreContract } from './contracts/index.js';
