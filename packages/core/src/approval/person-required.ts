import { appError, type AppError } from '../errors/app-error.js';
import type { RenderedError } from '../errors/render.js';
import type { BrokerEnvironment } from '../ports/broker-link-store.js';

/** The `expected` of a CONFIRM_BLOCKED that asks for a person by any human method (words for the reader; shells read `personApproval`). */
export const PERSON_REQUIRED_EXPECTED = "a person's approval: the approval page, an MCP App ticket or an elicitation";
/** The same where only the approval page counts (a live account, or a paper one whose person asks for their passkey). */
export const PAGE_REQUIRED_EXPECTED = "a person's approval on the approval page, with their passkey";

/** Where the person may approve: any human method, or only the approval page with their passkey. */
export type PersonRoute = 'page_or_client' | 'passkey';

/** CONFIRM_BLOCKED naming where the person approves. */
export function personRequired(proposalId: string, url: string, environment: BrokerEnvironment, secondsLeft: number, route: PersonRoute): AppError {
  const why =
    environment === 'live'
      ? 'This is a live (real-money) account: its orders always need a person’s approval with their passkey.'
      : route === 'passkey'
        ? 'Its owner asks for their passkey before any order on this account, so confirm_proposal alone never places one.'
        : 'Under this deployment’s approval policy, confirm_proposal alone never places an order.';
  const clientMethods = route === 'page_or_client';
  return appError('CONFIRM_BLOCKED', {
    message:
      `${why} A person must approve it: open ${url} in a browser logged in to condor${clientMethods ? '' : ' and approve with a passkey'} (single use; it expires with the proposal in ` +
      `${String(secondsLeft)} s)${clientMethods ? ', or approve it in an MCP client that asks you (elicitation) or shows the order ticket (MCP App)' : ''}.`,
    expected: clientMethods ? PERSON_REQUIRED_EXPECTED : PAGE_REQUIRED_EXPECTED,
    received: { proposal_id: proposalId },
    personApproval: clientMethods ? 'page_or_client' : 'page',
  });
}

/**
 * Whether a rendered error is the CONFIRM_BLOCKED that asks for a person by any human method (a shell may then
 * ask by elicitation); false where only the approval page counts. It reads the flag `personRequired` set, so
 * rewording the message or `expected` changes nothing.
 *
 * @example
 * if (outcome.isErr() && isPersonRequired(outcome.error)) askByElicitation();
 */
export function isPersonRequired(error: Pick<RenderedError, 'personApproval'>): boolean {
  return error.personApproval === 'page_or_client';
}
