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
