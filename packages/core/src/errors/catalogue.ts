import type { ToolName } from '../operations/tool-names.js';
import type { ErrorCode } from './codes.js';
import { CONFIRM_FLOOR_S, PROPOSAL_TTL_S } from '../lifecycle/proposal-timing.js';

/** The HTTP statuses the contract assigns; 200 is for soft results carried in a successful body. */
export type CatalogueStatus = 200 | 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 500 | 501 | 503;

export interface ErrorSpec {
  readonly status: CatalogueStatus;
  /** Default human text; an operation may give a more specific one. */
  readonly message: string;
  /** The next action the caller should take. */
  readonly suggestion: string;
  /** The tool to call instead, where the contract names one. */
  readonly seeTool: ToolName | null;
}

/**
 * The error catalogue: one entry per code. `satisfies` makes a missing code, status or
 * suggestion a type error.
 */
export const ERROR_CATALOGUE = {
  INVALID_UUID: {
    status: 422,
    message: 'A parameter that must be a UUID is malformed.',
    suggestion: 'Use the UUID exactly as returned by the tool named in see_tool.',
    seeTool: null,
  },
  INVALID_VALUE: {
    status: 422,
    message: 'A parameter is outside its allowed set of values.',
    suggestion: 'Use one of the allowed values.',
    seeTool: null,
  },
  OUT_OF_RANGE: {
    status: 422,
    message: 'A numeric parameter is outside its allowed range.',
    suggestion: 'Use a value within the allowed range.',
    seeTool: null,
  },
  INVALID_TICKER: {
    status: 422,
    message: 'The symbol is not a tradeable asset at the broker.',
    suggestion: 'Check the spelling; use a standard US equity or ETF ticker such as SPY or AAPL.',
    seeTool: null,
  },
  INVALID_EMAIL: {
    status: 422,
    message: 'The email address is not valid.',
    suggestion: 'Supply a valid email address, for example name@example.com.',
    seeTool: null,
  },
  INVALID_QTY: {
    status: 422,
    message: 'qty must be a whole number of at least 1.',
    suggestion: 'Set qty to 1 or more.',
    seeTool: null,
  },
  INVALID_RANK: {
    status: 422,
    message: 'strategy_rank must be a whole number of at least 1 (1 = best).',
    suggestion: 'Use a rank listed in top_strategies.',
    seeTool: 'get_optimization_history',
  },
  INVALID_CANDIDATE: {
    status: 422,
    message: 'candidate is not a dictionary or is malformed.',
    suggestion: 'Pass a candidate exactly as returned by find_iron_condors.',
    seeTool: 'find_iron_condors',
  },
  MISSING_CANDIDATE_FIELDS: {
    status: 422,
    message: 'candidate lacks required strike or credit fields.',
    suggestion: 'Pass a complete candidate from find_iron_condors.',
    seeTool: 'find_iron_condors',
  },
  MISSING_API_KEY: {
    status: 422,
    message: 'api_key is empty or absent.',
    suggestion: 'Ask the user for their broker API key.',
    seeTool: null,
  },
  MISSING_API_SECRET: {
    status: 422,
    message: 'api_secret is empty or absent.',
    suggestion: 'Ask the user for their broker API secret.',
    seeTool: null,
  },
  MISSING_TICKER: {
    status: 422,
    message: 'Neither ticker nor saved_strategy_id was given.',
    suggestion: 'Pass ticker, or saved_strategy_id to load the ticker from a saved strategy.',
    seeTool: null,
  },
  MISSING_ORDER_ID: {
    status: 422,
    message: 'order_id is empty or absent.',
    suggestion: "Take the order_id from positions(action='orders').",
    seeTool: 'positions',
  },
  INVALID_DOCUMENT: {
    status: 422,
    message: 'Unknown legal document name.',
    suggestion: 'Use one of: eua, risk-disclosure, broker-authorization.',
    seeTool: null,
  },
  STRATEGY_NOT_CANDIDATE: {
    status: 422,
    message: 'A strategy configuration from create_strategy was passed where a tradeable candidate is needed.',
    suggestion: 'Call find_iron_condors, then pass one of its candidates to propose_entry.',
    seeTool: 'find_iron_condors',
  },
  NO_HISTORY: {
    status: 404,
    message: 'You have no optimization runs yet.',
    suggestion: 'Call create_strategy first.',
    seeTool: 'create_strategy',
  },
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
