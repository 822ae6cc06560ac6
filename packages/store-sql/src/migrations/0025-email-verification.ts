import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sql-dialect.js';

const PURPOSES_BEFORE = sql`purpose in ('approve_proposal', 'broker_keys', 'elicitation')`;
const PURPOSES_NOW = sql`purpose in ('approve_proposal', 'broker_keys', 'elicitation', 'verify_email')`;
const HEX_SHA256 = sql`length(digest) = 64 and ltrim(digest, '0123456789abcdef') = ''`;
const COLUMNS = 'digest, purpose, owner_id, proposal_id, created_at, expires_at, used_at';

/** SQLite cannot change a check constraint in place: `approval_links` (as 0009 and 0014 made it) is made anew, filled, and renamed. */
async function rebuildLinks(db: Kysely<unknown>, purposes: typeof PURPOSES_NOW): Promise<void> {
  const columns = sql.raw(COLUMNS);
  await db.schema
    .createTable('approval_links_next')
    .addColumn('digest', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('proposal_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addCheckConstraint('approval_links_purpose_check', purposes)
    .addCheckConstraint('approval_links_digest_check', HEX_SHA256)
    .execute();
  await sql`insert into approval_links_next (${columns}) select ${columns} from approval_links`.execute(db);
  await db.schema.dropTable('approval_links').execute();
  await sql`alter table approval_links_next rename to approval_links`.execute(db);
  await db.schema.createIndex('approval_links_expires_at_idx').on('approval_links').column('expires_at').execute();
}

async function admitPurposes(db: Kysely<unknown>, purposes: typeof PURPOSES_NOW): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table approval_links drop constraint approval_links_purpose_check`.execute(db);
    await sql`alter table approval_links add constraint approval_links_purpose_check check (${purposes})`.execute(db);
  } else {
    await rebuildLinks(db, purposes);
  }
}

/**
 * Verified addresses (design §18: news is mailed only to an address its owner proved theirs): when each user did
 * (`users.email_verified_at`, null until then), and `verify_email` admitted as a single-use link's purpose. Rolling
 * back deletes the verification links, which the schema before could not hold.
 */
export const emailVerificationMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
    await admitPurposes(db, PURPOSES_NOW);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`delete from approval_links where purpose = 'verify_email'`.execute(db);
    await admitPurposes(db, PURPOSES_BEFORE);
    await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  },
};
