import { DEFAULT_CORE_CONFIG, type Services } from '@condor/core';
import { FakeClock } from './fakes/fake-clock.js';
import { FakeDigest, FakePasswordHasher, FakeTokenSigner } from './fakes/fake-passwords.js';
import { MemorySessionStore, MemoryUserStore } from './fakes/memory-stores.js';
import { RecordingLogger } from './fakes/recording-logger.js';
import { SeededIds } from './fakes/seeded-ids.js';

export interface TestServices extends Services {
  readonly clock: FakeClock;
  readonly logger: RecordingLogger;
}

/** A complete, in-memory `Services` with a fake clock; override any part. */
export function createTestServices(overrides: Partial<Services> = {}): TestServices {
  return {
    clock: new FakeClock(),
    ids: new SeededIds(),
    passwords: new FakePasswordHasher(),
    digest: new FakeDigest(),
    tokens: new FakeTokenSigner(),
    users: new MemoryUserStore(),
    sessions: new MemorySessionStore(),
    logger: new RecordingLogger(),
    config: DEFAULT_CORE_CONFIG,
    ...overrides,
  } as TestServices;
}
