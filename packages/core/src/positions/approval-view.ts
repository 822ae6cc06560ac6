import * as v from 'valibot';
import type { ApprovalRecord } from '../ports/proposal-store.js';
import { bandRangeWords } from '../words/band.js';
import { isoTime } from '../words/time.js';

/** How an order was approved, and by whom: on the proposal, on each order of a position, and on the ticket. */
export const ApprovalView = v.pipe(
  v.object({
    method: v.pipe(
      v.picklist(['confirm', 'page', 'passkey', 'app', 'elicitation']),
      v.description("confirm: the agent's confirm_proposal (CONDOR_APPROVAL=confirm, paper only); page, passkey (the approval page with a passkey), app, elicitation: a person."),
    ),
    at: v.string(),
    user_id: v.string(),
    client: v.pipe(v.nullable(v.string()), v.description('The MCP client (name/version) or browser user agent.')),
    address: v.nullable(v.string()),
    credential_id: v.pipe(v.nullable(v.string()), v.description('For passkey: the id of the passkey that approved it; else null.')),
    band: v.pipe(
      v.nullable(v.object({ start_price: v.number(), worst_price: v.number(), words: v.string() })),
      v.description('The price band approved: every limit from start_price to worst_price per share (negative = credit), nothing beyond; words says it: "a credit of $1.25 down to $1.20 per share".'),
    ),
  }),
  v.description('How the order was approved, and by whom.'),
);

export const approvalView = (record: ApprovalRecord): v.InferOutput<typeof ApprovalView> => ({
  method: record.method,
  at: isoTime(record.at),
  user_id: record.userId,
  client: record.client,
  address: record.address,
  credential_id: record.credentialId ?? null,
  band:
    record.band == null
      ? null
      : { start_price: record.band.startPrice, worst_price: record.band.worstPrice, words: bandRangeWords(record.band.startPrice, record.band.worstPrice) },
});
