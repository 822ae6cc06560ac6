import type { Passkey, PasskeyChallenge, PasskeyRemoval, PasskeyStore } from '@condor/core';

/** PasskeyStore in memory. */
export class MemoryPasskeyStore implements PasskeyStore {
  private readonly passkeys = new Map<string, Passkey>();
  private readonly challenges = new Map<string, PasskeyChallenge>();

  insert(passkey: Passkey): Promise<boolean> {
    if (this.passkeys.has(passkey.id)) return Promise.resolve(false);
    this.passkeys.set(passkey.id, { ...passkey, transports: [...passkey.transports] });
    return Promise.resolve(true);
  }

  list(userId: string): Promise<readonly Passkey[]> {
    return Promise.resolve(this.own(userId).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)));
  }

  find(userId: string, id: string): Promise<Passkey | undefined> {
    const passkey = this.passkeys.get(id);
    return Promise.resolve(passkey?.userId === userId ? { ...passkey } : undefined);
  }

  rename(userId: string, id: string, name: string): Promise<boolean> {
    return Promise.resolve(this.update(userId, id, { name }));
  }

  recordUse(userId: string, id: string, counter: number, at: number): Promise<boolean> {
    return Promise.resolve(this.update(userId, id, { counter, lastUsedAt: at }));
  }

  remove(userId: string, id: string, keepLast: boolean): Promise<PasskeyRemoval> {
    if (this.passkeys.get(id)?.userId !== userId) return Promise.resolve('absent');
    if (keepLast && this.own(userId).length === 1) return Promise.resolve('last');
    this.passkeys.delete(id);
    return Promise.resolve('removed');
  }

  saveChallenge(challenge: PasskeyChallenge, at: number): Promise<void> {
    for (const [key, kept] of this.challenges) if (kept.userId === challenge.userId && kept.expiresAt < at) this.challenges.delete(key);
    this.challenges.set(challenge.challenge, { ...challenge });
    return Promise.resolve();
  }

  takeChallenge(userId: string, challenge: string): Promise<PasskeyChallenge | undefined> {
    const kept = this.challenges.get(challenge);
    if (kept?.userId !== userId) return Promise.resolve(undefined);
    this.challenges.delete(challenge);
    return Promise.resolve(kept);
  }

  /** How many challenges are kept, for tests of their clean-up. */
  get challengeCount(): number {
    return this.challenges.size;
  }

  private own(userId: string): Passkey[] {
    return [...this.passkeys.values()].filter((p) => p.userId === userId).map((p) => ({ ...p }));
  }

  private update(userId: string, id: string, change: Partial<Passkey>): boolean {
    const passkey = this.passkeys.get(id);
    if (passkey?.userId !== userId) return false;
    this.passkeys.set(id, { ...passkey, ...change });
    return true;
  }
}
