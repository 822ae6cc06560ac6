import type { Database } from '@condor/store-sql';
import type { Kysely } from 'kysely';

/** A consumed proposal whose confirm may not have finished. */
export interface UnfinishedProposal {
  readonly ownerId: string;
  readonly id: string;
}

/**
 * Every owner's consumed proposals that a confirm may have left unfinished: no outcome yet, an unknown one
 * (the broker did not answer), or submitted while the position it opens or acts on is missing or still
 * 'opening' or 'closing'. Rejected ones are final. Oldest consume first, so an entry comes before an exit
 * of its position. Outcomes are JSON text written by `JSON.stringify`, `status` first.
 */
export async function unfinishedProposals(db: Kysely<Database>): Promise<UnfinishedProposal[]> {
  return db
    .selectFrom('proposals')
    .leftJoin('positions', (join) => join.onRef('positions.id', '=', 'proposals.position_id').onRef('positions.owner_id', '=', 'proposals.owner_id'))
    .select(['proposals.owner_id as ownerId', 'proposals.id as id'])
    .where('proposals.consumed_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('proposals.outcome', 'is', null),
        eb('proposals.outcome', 'like', '{"status":"unknown"%'),
        eb.and([
          eb('proposals.outcome', 'like', '{"status":"submitted"%'),
          eb.or([eb('positions.id', 'is', null), eb('positions.status', 'in', ['opening', 'closing'])]),
        ]),
      ]),
    )
    .orderBy('proposals.consumed_at')
    .orderBy('proposals.id')
    .execute();
}
