import { INPUT_ERRORS } from './catalogue-input.js';
import type { CatalogueStatus, ErrorSpec } from './error-spec.js';
import type { ErrorCode } from './codes.js';
import { CONFIRM_FLOOR_S, PROPOSAL_TTL_S } from '../lifecycle/proposal-timing.js';

/**
 * The error catalogue: one entry per code. `satisfies` makes a missing code, status or
 * suggestion a type error.
 */
export const ERROR_CATALOGUE = {
  ...INPUT_ERRORS,
  POSITION_NOT_FOUND: {
    status: 404,
    message: 'No position with this id was found for you.',
    suggestion: 'Call get_positions to list your positions.',
    seeTool: 'get_positions',
  },
  SAVED_STRATEGY_NOT_FOUND: {
    status: 404,
    message: 'No saved strategy with this saved_strategy_id was found for you.',
    suggestion: 'Call get_saved_strategies to list your saved strategies.',
    seeTool: 'get_saved_strategies',
  },
  STRATEGY_NOT_FOUND: {
    status: 404,
    message: 'No saved strategy with this id was found for you.',
    suggestion: 'Call get_saved_strategies to list your saved strategies.',
    seeTool: 'get_saved_strategies',
  },
  ONBOARDING_REQUIRED: {
    status: 403,
    message: 'Onboarding must be completed before trading tools can be used.',
    suggestion: 'Call the tool named in see_tool to continue onboarding.',
    seeTool: 'get_onboarding_status',
  },
  DOCUMENT_NOT_READ: {
    status: 403,
    message: 'The document must be read before it can be accepted.',
    suggestion: 'Call get_legal_document(name=...) and show the document to the user.',
    seeTool: 'get_legal_document',
  },
  TIER_BLOCKED: {
    status: 403,
    message: 'A parameter or value is not available on your tier.',
    suggestion: 'Drop the parameter, or tell the user that the premium tier allows it.',
    seeTool: 'subscribe',
  },
  QUOTA_EXCEEDED: {
    status: 429,
    message: "Today's quota for this tool is used up.",
    suggestion: 'Wait for the daily reset (00:00 UTC) or move to the premium tier.',
    seeTool: 'get_subscription',
  },
  BROKER_NOT_CONNECTED: {
    status: 409,
    message: 'No active broker account is linked.',
    suggestion: 'Call set_broker_keys, then connect_broker.',
    seeTool: 'connect_broker',
  },
  ACCESS_DENIED: {
    status: 403,
    message: 'This position is not yours to act on.',
    suggestion: 'Check that the position belongs to the user.',
    seeTool: 'get_positions',
  },
  NOT_SERVICE_MANAGED: {
    status: 403,
    message: 'This position was opened outside the service.',
    suggestion: 'Only positions opened through the service can be managed here; manage this one at the broker.',
    seeTool: 'get_positions',
  },
  SESSION_INVALID: {
    status: 401,
    message: 'The bearer token or session cookie is invalid or expired.',
    suggestion: 'Call login, or refresh_session with your refresh token.',
    seeTool: 'login',
  },
  UNAUTHORIZED: {
    status: 401,
    message: 'No credentials were supplied.',
    suggestion: 'Provide a Bearer token (Authorization: Bearer <access_token>) from login.',
    seeTool: 'login',
  },
  AUTHORIZATION_NOT_CONFIRMED: {
    status: 403,
    message: 'Connecting a broker needs the broker-authorization document read and authorization_confirmed=true.',
    suggestion:
      "Fetch get_legal_document(name='broker-authorization'), show it to the user, then call again with authorization_confirmed=true.",
    seeTool: 'get_legal_document',
  },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many requests.',
    suggestion: 'Retry after the number of seconds in the Retry-After header.',
    seeTool: null,
  },
  BROKER_RATE_LIMITED: {
    status: 503,
    message: "The broker's API rate limit was hit.",
    suggestion: 'Wait for the number of seconds in the Retry-After header, then retry.',
    seeTool: null,
  },
  INVALID_CREDENTIALS: {
    status: 401,
    message: 'The email or password is wrong.',
    suggestion: 'Check the email and password and try again.',
    seeTool: null,
  },
  PROPOSAL_NOT_FOUND: {
    status: 404,
    message: 'No proposal with this proposal_id was found for you.',
    suggestion: `Check the id; proposals last ${String(PROPOSAL_TTL_S)} seconds.`,
    seeTool: null,
  },
  PROPOSAL_EXPIRED: {
    status: 410,
    message: `The proposal expired (proposals live ${String(PROPOSAL_TTL_S)} seconds).`,
    suggestion: 'Create a new one with propose_entry, propose_roll or propose_exit.',
    seeTool: 'propose_entry',
  },
  PROPOSAL_ALREADY_CONSUMED: {
    status: 409,
    message: 'The proposal was already confirmed; its order is submitted.',
    suggestion: "None needed; the order is already submitted. See it with positions(action='orders').",
    seeTool: 'positions',
  },
  ENTRY_REJECTED: {
    status: 422,
    message: 'The risk gate rejected the candidate.',
    suggestion: 'Read the reasons in message; change the candidate or the risk settings.',
    seeTool: null,
  },
  OVERLAPPING_LEGS: {
    status: 422,
    message: 'A proposed leg shares strike, expiry and type with an open position.',
    suggestion: 'Close or roll that position, then retry.',
    seeTool: 'get_positions',
  },
  CONFIRM_BLOCKED: {
    status: 422,
    message: 'The proposal cannot be confirmed in the same tool-call batch that created it.',
    suggestion: 'Show the proposal to the user and wait for their explicit approval before confirming.',
    seeTool: 'get_proposal',
  },
  CONFIRM_TOO_FAST: {
    status: 422,
    message: `Confirmation arrived less than ${String(CONFIRM_FLOOR_S)} seconds after the proposal.`,
    suggestion: 'Let the user review the proposal, then confirm.',
    seeTool: 'get_proposal',
  },
  CANCEL_FAILED: {
    status: 200,
    message: 'The broker refused to cancel the order.',
    suggestion: "Check the order_id and the order's status with positions(action='orders').",
    seeTool: 'positions',
  },
  AUTOROLL_DISABLED: {
    status: 501,
    message: 'Autoroll execution is disabled on this deployment.',
    suggestion: 'Use suggest_iron_condor_autoroll for read-only alerts.',
    seeTool: 'suggest_iron_condor_autoroll',
  },
  ALREADY_SUBSCRIBED: {
    status: 409,
    message: 'An active subscription already exists.',
    suggestion: 'None needed; the subscription is active.',
    seeTool: 'get_subscription',
  },
  SUBSCRIPTION_NOT_FOUND: {
    status: 404,
    message: 'You have no subscription.',
    suggestion: 'Use get_subscription to check your plan.',
    seeTool: 'get_subscription',
  },
  already_accepted: {
    status: 200,
    message: 'The end-user agreement was already accepted.',
    suggestion: 'None; go to the next onboarding step.',
    seeTool: 'get_onboarding_status',
  },
  already_acknowledged: {
    status: 200,
    message: 'The risk disclosure was already acknowledged.',
    suggestion: 'None; go to the next onboarding step.',
    seeTool: 'get_onboarding_status',
  },
  SERVICE_NOT_CONFIGURED: {
    status: 503,
    message: 'A required service is not available on this deployment.',
    suggestion: 'Contact support.',
    seeTool: null,
  },
  SERVER_MISCONFIGURED: {
    status: 500,
    message: 'Required server configuration is missing.',
    suggestion: 'Contact support.',
    seeTool: null,
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'An unexpected error occurred.',
    suggestion: 'Retry, or contact support quoting the X-Request-Id header.',
    seeTool: null,
  },
  BAD_REQUEST: {
    status: 400,
    message: 'The request is malformed.',
    suggestion: 'Check the request against /openapi.json.',
    seeTool: null,
  },
  FORBIDDEN: {
    status: 403,
    message: 'The request is not allowed.',
    suggestion: 'Check that you are allowed to make this request.',
    seeTool: null,
  },
  NOT_FOUND: {
    status: 404,
    message: 'Not found.',
    suggestion: 'Check the path or tool name against /openapi.json or tools/list.',
    seeTool: null,
  },
  CONFLICT: {
    status: 409,
    message: 'The request conflicts with the current state.',
    suggestion: 'Read the current state, then retry.',
    seeTool: null,
  },
  VALIDATION_ERROR: {
    status: 422,
    message: 'The input is not valid.',
    suggestion: 'Correct the input as described in message.',
    seeTool: null,
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Too many requests.',
    suggestion: 'Retry after a short delay.',
    seeTool: null,
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable.',
    suggestion: 'Retry after a short delay.',
    seeTool: null,
  },
} as const satisfies Record<ErrorCode, ErrorSpec>;

/** The HTTP status of a code. */
export const statusOf = (code: ErrorCode): CatalogueStatus => ERROR_CATALOGUE[code].status;
