import * as v from 'valibot';
import { err, ok, type Result } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';

/** The strike and credit fields a candidate must carry to be proposed. */
export interface CandidateEssentials {
  readonly ticker: string;
  readonly expiry: string;
  readonly strikes: { readonly longPut: number; readonly shortPut: number; readonly shortCall: number; readonly longCall: number };
  readonly netCredit: number;
}

const LEGS = ['long_put', 'short_put', 'short_call', 'long_call'] as const;

const LEG_TITLES = { long_put: 'Long put', short_put: 'Short put', short_call: 'Short call', long_call: 'Long call' } as const;

const legSchema = (leg: (typeof LEGS)[number]) => ({
  type: 'object',
  properties: { strike: { type: 'number', description: `${LEG_TITLES[leg]} strike.` } },
  required: ['strike'],
  additionalProperties: true,
});

/**
 * The JSON Schema of the fields propose_entry reads from a candidate (what find_iron_condors returns
 * carries these and more; the rest is accepted and ignored). It documents the parameter only:
 * `readCandidate` checks it, so its codes (INVALID_CANDIDATE, MISSING_CANDIDATE_FIELDS,
 * STRATEGY_NOT_CANDIDATE) stay the contract's.
 */
export const CANDIDATE_JSON_SCHEMA = {
  type: 'object',
  properties: {
    ticker: { type: 'string', description: 'The underlying symbol, e.g. SPY.' },
    expiry: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Expiry date, YYYY-MM-DD.' },
    net_credit: { type: 'number', exclusiveMinimum: 0, description: 'Net credit per share at mid prices.' },
    legs: {
      type: 'object',
      properties: Object.fromEntries(LEGS.map((leg) => [leg, legSchema(leg)])),
      required: [...LEGS],
      additionalProperties: true,
    },
  },
  required: ['ticker', 'expiry', 'net_credit', 'legs'],
  additionalProperties: true,
} as const;

/**
 * propose_entry's `candidate` parameter: any value passes the schema and `readCandidate` judges it, so
 * a malformed candidate gets its own codes; JSON Schema consumers (MCP tools/list, OpenAPI) see the
 * object shape above instead of `{}`.
 */
export const CandidateParameter = v.pipe(
  v.unknown(),
  v.description('A candidate object exactly as find_iron_condors returned it (its other fields may stay).'),
  v.metadata(CANDIDATE_JSON_SCHEMA),
);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `top_strategies` entry of create_strategy: rules and metrics, no legs. */
export const isStrategyShape = (value: Record<string, unknown>): boolean =>
  value['kind'] === 'strategy' || (isObject(value['rules']) && isObject(value['metrics']) && !('legs' in value));

/**
 * Reads the fields `propose_entry` needs from a candidate of `find_iron_condors`: INVALID_CANDIDATE
 * when it is not an object or a field has the wrong type or order, STRATEGY_NOT_CANDIDATE when it is a
 * create_strategy rule set, MISSING_CANDIDATE_FIELDS naming every strike or credit field that is absent.
 */
export function readCandidate(value: unknown): Result<CandidateEssentials, AppError> {
  if (!isObject(value)) return err(invalid('candidate must be an object (a dictionary) from find_iron_condors.', value));
  if (isStrategyShape(value)) {
    return err(
      appError('STRATEGY_NOT_CANDIDATE', {
        received: { candidate: { kind: value['kind'] ?? null, rank: value['rank'] ?? null, ticker: value['ticker'] ?? null } },
      }),
    );
  }
  const legs = isObject(value['legs']) ? value['legs'] : {};
  const missing = [
    ...(['ticker', 'expiry', 'net_credit'] as const).filter((field) => value[field] === undefined || value[field] === null),
    ...LEGS.filter((leg) => !isObject(legs[leg]) || legs[leg]['strike'] === undefined || legs[leg]['strike'] === null).map((leg) => `legs.${leg}.strike`),
  ];
  if (missing.length > 0) {
    return err(
      appError('MISSING_CANDIDATE_FIELDS', {
        message: `The candidate lacks ${missing.join(', ')}.`,
        expected: 'ticker, expiry, net_credit and the strike of each of legs.long_put, short_put, short_call, long_call',
        received: { missing },
      }),
    );
  }
  const strike = (leg: (typeof LEGS)[number]): unknown => (legs[leg] as Record<string, unknown>)['strike'];
  const [longPut, shortPut, shortCall, longCall] = LEGS.map(strike);
  const { ticker, expiry, net_credit: netCredit } = value;
  if (typeof ticker !== 'string' || typeof expiry !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(expiry)) {
    return err(invalid('candidate.ticker must be a symbol and candidate.expiry a YYYY-MM-DD date.', value));
  }
  const numbers = [longPut, shortPut, shortCall, longCall, netCredit];
  if (!numbers.every((n): n is number => typeof n === 'number' && Number.isFinite(n))) {
    return err(invalid('The candidate’s strikes and net_credit must be numbers.', value));
  }
  const [lp, sp, sc, lc, credit] = numbers as [number, number, number, number, number];
  if (!(lp > 0 && lp < sp && sp < sc && sc < lc && credit > 0)) {
    return err(invalid('The candidate’s strikes must rise long put < short put < short call < long call, with a positive net_credit.', value));
  }
  return ok({ ticker, expiry, strikes: { longPut: lp, shortPut: sp, shortCall: sc, longCall: lc }, netCredit: credit });
}

const invalid = (message: string, value: unknown): AppError =>
  appError('INVALID_CANDIDATE', { message, received: { candidate: isObject(value) ? '(object)' : value === null ? null : typeof value } });
