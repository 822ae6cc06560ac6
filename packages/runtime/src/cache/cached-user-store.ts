import type { User, UserStore } from '@condor/core';
import { TtlCache } from './ttl-cache.js';

/**
 * A UserStore that keeps users found by id (every authenticated request reads one) for a moment. A change through this
 * instance (the address verified, the password changed) forgets the entry at once; another instance's shows within the TTL.
 */
export class CachedUserStore implements UserStore {
  constructor(
    private readonly inner: UserStore,
    private readonly byId = new TtlCache<User>(),
  ) {}

  insert(user: User): Promise<'inserted' | 'email_taken'> {
    return this.inner.insert(user);
  }

  findByEmail(email: string): Promise<User | undefined> {
    return this.inner.findByEmail(email);
  }

  findById(id: string): Promise<User | undefined> {
    return this.byId.read(id, () => this.inner.findById(id));
  }

  async markEmailVerified(id: string, at: number): Promise<void> {
    await this.inner.markEmailVerified(id, at);
    this.byId.forget(id);
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.inner.setPasswordHash(id, passwordHash);
    this.byId.forget(id);
  }
}
