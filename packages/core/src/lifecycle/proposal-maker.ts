import * as v from 'valibot';
import type { CredentialKind, HandlerContext } from '../operations/operation.js';
import type { Proposal } from '../ports/proposal-store.js';

/** How a proposal's maker was signed in: an agent's credential (API key, OAuth token, API session), or a person's browser session on condor's pages. */
export type MakerCredential = CredentialKind | 'browser_session';

const MAKER_CREDENTIALS = ['session', 'api_key', 'oauth', 'browser_session'] as const satisfies readonly MakerCredential[];

/**
 * Who made a proposal, kept with it beside its approval evidence (`details.made_by`): an agent calling a propose
 * tool, or the person asking for a fresh quote of an expired proposal on its ticket (design §18).
 */
export interface ProposalMaker {
  readonly by: 'agent' | 'person';
  readonly credential: MakerCredential;
  /** The MCP client's name/version or the browser's user agent; null when the transport gave none. */
  readonly client: string | null;
  /** The address the call came from; null on stdio. */
  readonly address: string | null;
  /** For a fresh quote: the expired proposal it quotes again; else null. */
  readonly freshQuoteOf: string | null;
}

/**
 * The maker of a proposal a call makes: the person where a core function made the call for them on condor's pages
 * (`ctx.person`), else the agent behind the caller's credential — an API session counts as an agent's, since people
 * act on condor's pages through their browser session (design §12).
 */
export function makerOf(ctx: Pick<HandlerContext<'trading'>, 'caller' | 'client' | 'clientIp' | 'person'>): ProposalMaker {
  const person = ctx.person ?? null;
  const where = { client: ctx.client, address: ctx.clientIp };
  return person === null
    ? { by: 'agent', credential: ctx.caller.credential, ...where, freshQuoteOf: null }
    : { by: 'person', credential: 'browser_session', ...where, freshQuoteOf: person.freshQuoteOf };
}

/** The proposal with its maker recorded in its details, as `made_by`. */
export const withMaker = (proposal: Proposal, maker: ProposalMaker): Proposal => ({
  ...proposal,
  details: {
    ...proposal.details,
    made_by: { by: maker.by, credential: maker.credential, client: maker.client, address: maker.address, fresh_quote_of: maker.freshQuoteOf },
  },
});

const MadeBy = v.object({
  by: v.picklist(['agent', 'person']),
  credential: v.picklist(MAKER_CREDENTIALS),
  client: v.nullable(v.string()),
  address: v.nullable(v.string()),
  fresh_quote_of: v.nullable(v.string()),
});

/** Who made the proposal, as its details keep it; null for one made before makers were recorded. */
export function madeBy(proposal: Pick<Proposal, 'details'>): ProposalMaker | null {
  const parsed = v.safeParse(MadeBy, proposal.details['made_by']);
  if (!parsed.success) return null;
  const { by, credential, client, address, fresh_quote_of: freshQuoteOf } = parsed.output;
  return { by, credential, client, address, freshQuoteOf };
}
