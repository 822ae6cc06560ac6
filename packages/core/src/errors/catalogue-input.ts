import type { ErrorSpec } from './error-spec.js';

/** The catalogue's entries for input a caller got wrong: malformed or missing parameters, and candidates or strategies that are not what a tool takes. */
export const INPUT_ERRORS = {
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
} as const satisfies Record<string, ErrorSpec>;
