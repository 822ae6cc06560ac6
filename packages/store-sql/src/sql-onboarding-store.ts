import { LEGAL_DOCUMENT_NAMES } from '@condor/core';
import type { DocumentEvent, LegalDocumentName, OnboardingStore } from '@condor/core';
import { compiledOnce, slot } from './compiled-once.js';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

const isDocumentName = (value: string): value is LegalDocumentName =>
  (LEGAL_DOCUMENT_NAMES as readonly string[]).includes(value);

/** OnboardingStore over SQL (SQLite or PostgreSQL); one acceptance per version is enforced by the primary key. */
export class SqlOnboardingStore implements OnboardingStore {
  /** Read by the onboarding gate of every trading call, built and compiled once. */
  private readonly acceptancesOf;

  constructor(private readonly db: Kysely<Database>) {
    this.acceptancesOf = compiledOnce(
      db.selectFrom('document_acceptances').selectAll().where('user_id', '=', slot('userId')).orderBy('accepted_at').orderBy('document').orderBy('version').compile(),
    );
  }

  async recordRead(event: DocumentEvent): Promise<void> {
    await this.db
      .insertInto('document_reads')
      .values({ user_id: event.userId, document: event.document, version: event.version, read_at: event.at })
      .onConflict((oc) => oc.columns(['user_id', 'document', 'version']).doNothing())
      .execute();
  }

  async hasRead(userId: string, document: LegalDocumentName, version: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('document_reads')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('document', '=', document)
      .where('version', '=', version)
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordAcceptance(event: DocumentEvent): Promise<'recorded' | 'already'> {
    const result = await this.db
      .insertInto('document_acceptances')
      .values({ user_id: event.userId, document: event.document, version: event.version, accepted_at: event.at })
      .onConflict((oc) => oc.columns(['user_id', 'document', 'version']).doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n ? 'recorded' : 'already';
  }

  async acceptances(userId: string): Promise<readonly DocumentEvent[]> {
    const { rows } = await this.db.executeQuery(this.acceptancesOf({ userId }));
    return rows.flatMap(({ document, version, accepted_at }) =>
      isDocumentName(document) ? [{ userId, document, version, at: accepted_at }] : [],
    );
  }
}
