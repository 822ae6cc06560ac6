import type { RefreshTokenRecord, SessionFamily, SessionStore, User, UserStore } from '@condor/core';

/** In-memory UserStore with the same semantics as the SQL one. */
export class MemoryUserStore implements UserStore {
  private readonly byId = new Map<string, User>();
  insert(user: User): Promise<'inserted' | 'email_taken'> {
    if ([...this.byId.values()].some((u) => u.email === user.email)) return Promise.resolve('email_taken');
    this.byId.set(user.id, user);
    return Promise.resolve('inserted');
  }
  findByEmail(email: string): Promise<User | undefined> {
    return Promise.resolve([...this.byId.values()].find((u) => u.email === email));
  }
  findById(id: string): Promise<User | undefined> {
    return Promise.resolve(this.byId.get(id));
  }
  markEmailVerified(id: string, at: number): Promise<void> {
    const user = this.byId.get(id);
    if (user !== undefined && (user.emailVerifiedAt ?? null) === null) this.byId.set(id, { ...user, emailVerifiedAt: at });
    return Promise.resolve();
  }
  setPasswordHash(id: string, passwordHash: string): Promise<void> {
    const user = this.byId.get(id);
    if (user !== undefined) this.byId.set(id, { ...user, passwordHash });
    return Promise.resolve();
  }
}

/** In-memory SessionStore with the same semantics as the SQL one. */
export class MemorySessionStore implements SessionStore {
  private readonly families = new Map<string, SessionFamily>();
  private readonly tokens = new Map<string, RefreshTokenRecord>();
  createFamily(family: SessionFamily): Promise<void> {
    this.families.set(family.id, family);
    return Promise.resolve();
  }
  findFamily(id: string): Promise<SessionFamily | undefined> {
    return Promise.resolve(this.families.get(id));
  }
  revokeFamily(id: string, at: number): Promise<void> {
    const family = this.families.get(id);
    if (family?.revokedAt === null) this.families.set(id, { ...family, revokedAt: at });
    return Promise.resolve();
  }
  revokeAllOf(userId: string, at: number): Promise<number> {
    const live = [...this.families.values()].filter((family) => family.userId === userId && family.revokedAt === null);
    for (const family of live) this.families.set(family.id, { ...family, revokedAt: at });
    return Promise.resolve(live.length);
  }
  insertToken(token: RefreshTokenRecord): Promise<void> {
    this.tokens.set(token.hash, token);
    return Promise.resolve();
  }
  findToken(hash: string): Promise<RefreshTokenRecord | undefined> {
    return Promise.resolve(this.tokens.get(hash));
  }
  markTokenUsed(hash: string, at: number): Promise<boolean> {
    const token = this.tokens.get(hash);
    if (token?.usedAt !== null) return Promise.resolve(false);
    this.tokens.set(hash, { ...token, usedAt: at });
    return Promise.resolve(true);
  }
}
