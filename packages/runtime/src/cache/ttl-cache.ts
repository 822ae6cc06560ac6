/**
 * How long this instance trusts what it read about a session, API key, user or subscription. A change made
 * through this instance takes effect on it at once (its stores forget the entry); one made through another
 * instance, within this long.
 */
export const AUTH_CACHE_TTL_MS = 1_000;
/** The most entries one cache holds; the oldest goes first beyond it. */
export const AUTH_CACHE_CAPACITY = 10_000;

/** Drops a map's oldest entry (first inserted) once it holds more than `capacity`; called after each insert. */
export function dropOldestBeyond(entries: Map<string, unknown>, capacity: number): void {
  if (entries.size <= capacity) return;
  const oldest = entries.keys().next();
  if (oldest.done !== true) entries.delete(oldest.value);
}

/**
 * Values read from a shared store, kept for `ttlMs` of monotonic time. A read that was under way while an
 * entry was forgotten does not store what it read, so a forgotten (revoked) value never comes back from a
 * read that started before the revocation.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly until: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = AUTH_CACHE_TTL_MS,
    private readonly capacity = AUTH_CACHE_CAPACITY,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The cached value of `key`, or what `load` reads (kept when it is defined and nothing was forgotten meanwhile). */
  async read(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.until > this.now()) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation) this.put(key, value);
    return value;
  }

  /** Keeps `value` as what `key` is now (a write this instance made). */
  put(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    dropOldestBeyond(this.entries, this.capacity);
  }

  /** Forgets `key`, and whatever reads of any key are under way, since they may have read it before the change. */
  forget(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  /** Forgets every entry whose value matches. */
  forgetWhere(matches: (value: V) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  /**
   * Runs a write that changes `key`'s value, forgetting the key before it (no read from here on keeps the old
   * value) and after it (nor one that raced the write).
   */
  async forgetAround<T>(key: string, write: () => Promise<T>): Promise<T> {
    this.forget(key);
    const result = await write();
    this.forget(key);
    return result;
  }
}
