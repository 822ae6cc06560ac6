import type { News, NewsOutcome, NewsPreferenceStore, NewsStore, PushDevice, PushDeviceStore, StoredPreferences, ToldNews } from '@condor/core';

interface Row {
  readonly news: News;
  /** Insertion order: "stored after" where two news share a createdAt. */
  readonly seq: number;
  holder: string | null;
  leasedUntil: number;
  outcome: NewsOutcome | null;
  toldAt: number | null;
}

/** In-memory NewsStore with the same semantics as the SQL one. */
export class MemoryNewsStore implements NewsStore {
  private readonly rows: Row[] = [];

  add(news: News): Promise<boolean> {
    if (this.rows.some((r) => r.news.key === news.key)) return Promise.resolve(false);
    this.rows.push({ news, seq: this.rows.length, holder: null, leasedUntil: 0, outcome: null, toldAt: null });
    return Promise.resolve(true);
  }

  claimUntold(holder: string, now: number, leaseMs: number, limit: number): Promise<readonly News[]> {
    const free = this.rows
      .filter((r) => r.outcome === null && r.leasedUntil <= now)
      .sort((a, b) => a.news.createdAt - b.news.createdAt || a.seq - b.seq)
      .slice(0, limit);
    for (const row of free) {
      row.holder = holder;
      row.leasedUntil = now + leaseMs;
    }
    return Promise.resolve(free.map((r) => r.news));
  }

  superseded(news: News): Promise<boolean> {
    const mine = this.rows.find((r) => r.news.id === news.id);
    const seq = mine?.seq ?? -1;
    return Promise.resolve(
      this.rows.some(
        (r) => r.news.ownerId === news.ownerId && r.news.topic === news.topic && r.news.id !== news.id && (r.news.createdAt > news.createdAt || (r.news.createdAt === news.createdAt && r.seq > seq)),
      ),
    );
  }

  toldSince(ownerId: string, since: number): Promise<number> {
    return Promise.resolve(this.rows.filter((r) => r.news.ownerId === ownerId && r.outcome?.status === 'told' && (r.toldAt ?? -1) >= since).length);
  }

  finish(id: string, holder: string, outcome: NewsOutcome, at: number): Promise<boolean> {
    const row = this.rows.find((r) => r.news.id === id);
    if (row === undefined || row.outcome !== null || row.holder !== holder) return Promise.resolve(false);
    row.outcome = outcome;
    row.toldAt = at;
    return Promise.resolve(true);
  }

  recent(ownerId: string, limit: number): Promise<readonly ToldNews[]> {
    return Promise.resolve(
      this.rows
        .filter((r) => r.news.ownerId === ownerId)
        .sort((a, b) => b.news.createdAt - a.news.createdAt || b.seq - a.seq)
        .slice(0, limit)
        .map((r) => ({ news: r.news, outcome: r.outcome, toldAt: r.toldAt })),
    );
  }
}

/** In-memory PushDeviceStore with the same semantics as the SQL one. */
export class MemoryPushDeviceStore implements PushDeviceStore {
  private readonly devices: PushDevice[] = [];

  add(device: PushDevice): Promise<PushDevice> {
    const at = this.devices.findIndex((d) => d.endpoint === device.endpoint);
    const stored = at < 0 ? device : { ...device, id: this.devices[at]!.id };
    if (at < 0) this.devices.push(stored);
    else this.devices[at] = stored;
    return Promise.resolve(stored);
  }

  list(ownerId: string): Promise<readonly PushDevice[]> {
    return Promise.resolve(this.devices.filter((d) => d.ownerId === ownerId).sort((a, b) => a.addedAt - b.addedAt || (a.id < b.id ? -1 : 1)));
  }

  remove(ownerId: string, id: string): Promise<boolean> {
    const at = this.devices.findIndex((d) => d.ownerId === ownerId && d.id === id);
    if (at >= 0) this.devices.splice(at, 1);
    return Promise.resolve(at >= 0);
  }

  removeEndpoint(endpoint: string): Promise<void> {
    const at = this.devices.findIndex((d) => d.endpoint === endpoint);
    if (at >= 0) this.devices.splice(at, 1);
    return Promise.resolve();
  }

  pushed(id: string, at: number): Promise<void> {
    const i = this.devices.findIndex((d) => d.id === id);
    if (i >= 0) this.devices[i] = { ...this.devices[i]!, lastPushAt: at };
    return Promise.resolve();
  }
}

/** In-memory NewsPreferenceStore with the same semantics as the SQL one. */
export class MemoryNewsPreferenceStore implements NewsPreferenceStore {
  private readonly chosen = new Map<string, string>();

  get(ownerId: string): Promise<StoredPreferences | undefined> {
    const text = this.chosen.get(ownerId);
    return Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as StoredPreferences));
  }

  set(ownerId: string, preferences: StoredPreferences): Promise<void> {
    this.chosen.set(ownerId, JSON.stringify(preferences));
    return Promise.resolve();
  }
}
