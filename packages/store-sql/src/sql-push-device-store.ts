import type { PushDevice, PushDeviceStore, SecretBox } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { PushDevicesTable } from './news-schema.js';
import type { Database } from './schema.js';
import { parseSealed, sealedText } from './sealed-text.js';

/** What a sealed auth secret is bound to: its subscription's endpoint, which a replacement keeps (the id may change hands). */
const authData = (endpoint: string): string => `push_devices.auth:${endpoint}`;

/**
 * PushDeviceStore over SQL (SQLite or PostgreSQL): one row per subscription, unique by endpoint. The auth secret
 * (RFC 8291's, with which a message to the browser is encrypted) is sealed at rest with the deployment's SecretBox;
 * the endpoint stays readable, as the unique key that a re-subscription and a push service's "gone" are matched by.
 * Adding is one INSERT … ON CONFLICT (endpoint) DO UPDATE that keeps the stored id.
 */
export class SqlPushDeviceStore implements PushDeviceStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
  ) {}

  async add(device: PushDevice): Promise<PushDevice> {
    const columns = {
      owner_id: device.ownerId,
      p256dh: device.p256dh,
      auth: sealedText(await this.secrets.seal(device.auth, authData(device.endpoint))),
      name: device.name,
      added_at: device.addedAt,
      last_push_at: device.lastPushAt,
    };
    const stored = await this.db
      .insertInto('push_devices')
      .values({ id: device.id, endpoint: device.endpoint, ...columns })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(columns))
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...device, id: stored.id };
  }

  /**
   * The owner's devices, oldest first. A device whose secret no longer opens (sealed under a key this deployment no
   * longer has) is left out: nothing could be pushed to it, and the browser's next subscription replaces its row.
   */
  async list(ownerId: string): Promise<readonly PushDevice[]> {
    const rows = await this.db.selectFrom('push_devices').selectAll().where('owner_id', '=', ownerId).orderBy('added_at').orderBy('id').execute();
    const devices = await Promise.all(rows.map((row) => this.deviceOf(row)));
    return devices.filter((device): device is PushDevice => device !== null);
  }

  async remove(ownerId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('push_devices').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  async removeEndpoint(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_devices').where('endpoint', '=', endpoint).execute();
  }

  async pushed(id: string, at: number): Promise<void> {
    await this.db.updateTable('push_devices').set({ last_push_at: at }).where('id', '=', id).execute();
  }

  private async deviceOf(row: Selectable<PushDevicesTable>): Promise<PushDevice | null> {
    const sealed = parseSealed(row.auth, 'push_devices.auth');
    const auth = sealed === null ? null : await this.secrets.open(sealed, authData(row.endpoint));
    if (auth === null) return null;
    return { id: row.id, ownerId: row.owner_id, endpoint: row.endpoint, p256dh: row.p256dh, auth, name: row.name, addedAt: row.added_at, lastPushAt: row.last_push_at };
  }
}
