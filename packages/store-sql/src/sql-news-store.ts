import type { News, NewsOutcome, NewsStore, ToldNews } from '@condor/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import { compiledOnce, slot, slotsNamed } from './compiled-once.js';
import type { NewsTable } from './news-schema.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql-dialect.js';

const NEWS_COLUMNS = ['id', 'seq', 'owner_id', 'kind', 'key', 'topic', 'title', 'body', 'path', 'created_at', 'expires_at', 'urgency'] as const;

type NewsRow = Pick<Selectable<NewsTable>, (typeof NEWS_COLUMNS)[number]>;

const toNews = (row: NewsRow): News => ({
  id: row.id,
  ownerId: row.owner_id,
  kind: row.kind,
  key: row.key,
  topic: row.topic,
  title: row.title,
  body: row.body,
  path: row.path,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  urgency: row.urgency,
});

const toToldNews = (row: Selectable<NewsTable>): ToldNews => ({
  news: toNews(row),
  outcome:
    row.told_at === null || row.outcome_status === null
      ? null
      : { status: row.outcome_status, pushed: row.outcome_pushed ?? 0, mailed: row.outcome_mailed === 1, detail: row.outcome_detail },
  toldAt: row.told_at,
});

/** Oldest first, and in the order stored where two share an instant (the memory store's order). */
const byAge = (a: NewsRow, b: NewsRow): number => a.created_at - b.created_at || a.seq - b.seq;

/**
 * NewsStore over SQL (SQLite or PostgreSQL). Adding is one INSERT … ON CONFLICT (key) DO NOTHING, so of any number of
 * adds of one key, on any instance, one stores it. A claim is one conditional UPDATE of the untold rows whose lease is
 * free (as SqlWorkingOrderStore's claimDue): a row another instance leased meanwhile fails the UPDATE's own check and
 * is left out, so no news is leased to two holders at once. Finishing is a compare-and-set on the holder of an untold row.
 */
export class SqlNewsStore implements NewsStore {
  /** Every proposal, order and alert adds news, and every teller's round claims: both built and compiled once. */
  private readonly addOne;
  private readonly claim;

  constructor(private readonly db: Kysely<Database>) {
    const fields = slotsNamed('id', 'owner_id', 'kind', 'key', 'topic', 'title', 'body', 'path', 'created_at', 'expires_at', 'urgency');
    // PostgreSQL numbers rows by the column's sequence; SQLite runs one write at a time, so the next number is read in the insert.
    const seq = dialectOf(db) === 'postgres' ? {} : { seq: sql<number>`(select coalesce(max(seq), 0) + 1 from news)` };
    this.addOne = compiledOnce(
      db
        .insertInto('news')
        .values({ ...fields, ...seq })
        .onConflict((oc) => oc.column('key').doNothing())
        .compile(),
    );
    const now = slot('now');
    const free = db
      .selectFrom('news')
      .select('id')
      .where('told_at', 'is', null)
      .where('leased_until', '<=', now)
      .orderBy('created_at')
      .orderBy('seq')
      .limit(slot('limit'));
    // The UPDATE checks the conditions again: a row another instance leased meanwhile is left out.
    this.claim = compiledOnce(
      db
        .updateTable('news')
        .set({ holder: slot('holder'), leased_until: slot('until') })
        .where('id', 'in', free)
        .where('told_at', 'is', null)
        .where('leased_until', '<=', now)
        .returning(NEWS_COLUMNS)
        .compile(),
    );
  }

  async add(news: News): Promise<boolean> {
    const result = await this.db.executeQuery(
      this.addOne({
        id: news.id,
        owner_id: news.ownerId,
        kind: news.kind,
        key: news.key,
        topic: news.topic,
        title: news.title,
        body: news.body,
        path: news.path,
        created_at: news.createdAt,
        expires_at: news.expiresAt,
        urgency: news.urgency,
      }),
    );
    return result.numAffectedRows === 1n;
  }

  async claimUntold(holder: string, now: number, leaseMs: number, limit: number): Promise<readonly News[]> {
    const { rows } = await this.db.executeQuery(this.claim({ holder, now, until: now + leaseMs, limit }));
    return [...rows].sort(byAge).map(toNews);
  }

  async superseded(news: News): Promise<boolean> {
    const row = await this.db
      .selectFrom('news')
      .select('id')
      .where('owner_id', '=', news.ownerId)
      .where('topic', '=', news.topic)
      .where('id', '!=', news.id)
      .where((eb) =>
        eb.or([
          eb('created_at', '>', news.createdAt),
          eb.and([eb('created_at', '=', news.createdAt), eb('seq', '>', sql<number>`coalesce((select mine.seq from news mine where mine.id = ${news.id}), -1)`)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async toldSince(ownerId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll().as('told'))
      .where('owner_id', '=', ownerId)
      .where('told_at', '>=', since)
      .where('outcome_status', '=', 'told')
      .executeTakeFirstOrThrow();
    return Number(row.told);
  }

  async finish(id: string, holder: string, outcome: NewsOutcome, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('news')
      .set({ outcome_status: outcome.status, outcome_pushed: outcome.pushed, outcome_mailed: outcome.mailed ? 1 : 0, outcome_detail: outcome.detail, told_at: at })
      .where('id', '=', id)
      .where('holder', '=', holder)
      .where('told_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async recent(ownerId: string, limit: number): Promise<readonly ToldNews[]> {
    const rows = await this.db.selectFrom('news').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('seq', 'desc').limit(limit).execute();
    return rows.map(toToldNews);
  }
}
