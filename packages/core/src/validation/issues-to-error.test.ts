import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToAppError } from './issues-to-error.js';

const Schema = v.strictObject({
  proposal_id: v.optional(v.pipe(v.string(), v.uuid())),
  mode: v.optional(v.picklist(['off', 'minimum', 'maximum'])),
  top_k: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))),
  email: v.optional(v.pipe(v.string(), v.email())),
  qty: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  strategy_rank: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  api_key: v.optional(v.pipe(v.string(), v.minLength(1))),
  api_secret: v.optional(v.pipe(v.string(), v.minLength(1))),
  order_id: v.optional(v.pipe(v.string(), v.minLength(1))),
  ticker: v.optional(v.pipe(v.string(), v.regex(/^[A-Z.]{1,6}$/))),
  name: v.optional(v.picklist(['eua', 'risk-disclosure', 'broker-authorization'])),
  label: v.optional(v.string()),
});

const mapIt = (input: unknown, rules = {}) => {
  const parsed = v.safeParse(Schema, input);
  if (parsed.success) throw new Error('expected a failure');
  return issuesToAppError('some_tool', Schema, parsed.issues, rules);
};

describe('issuesToAppError', () => {
  it('reports a check on the parameters together with its own message, and a non-object as such', () => {
    const Pair = v.pipe(
      v.strictObject({ a: v.array(v.number()), b: v.array(v.number()) }),
      v.check((i) => i.a.length * i.b.length <= 4, 'At most 4 combinations.'),
    );
    const issuesOf = (input: unknown) => {
      const parsed = v.safeParse(Pair, input);
      if (parsed.success) throw new Error('expected a failure');
      return parsed.issues;
    };
    expect(issuesToAppError('pair_tool', Pair, issuesOf({ a: [1, 2, 3], b: [1, 2] }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'At most 4 combinations.',
      received: null,
    });
    expect(issuesToAppError('pair_tool', Pair, issuesOf('text'))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The arguments of pair_tool must be a JSON object.',
    });
  });

  it('maps a malformed UUID to INVALID_UUID with the tool that gives valid ones', () => {
    expect(mapIt({ proposal_id: 'nope' })).toMatchObject({
      code: 'INVALID_UUID',
      seeTool: 'get_proposal',
      received: { proposal_id: 'nope' },
      expected: 'a UUID',
    });
  });

  it('maps an enum miss to INVALID_VALUE listing the allowed values in suggestion', () => {
    const error = mapIt({ mode: 'sideways' });
    expect(error).toMatchObject({ code: 'INVALID_VALUE', received: { mode: 'sideways' } });
    expect(error.suggestion).toBe('Use one of: "off", "minimum", "maximum".');
  });

  it.each([0, 51])('maps top_k=%i to OUT_OF_RANGE with the whole range', (topK) => {
    const error = mapIt({ top_k: topK });
    expect(error).toMatchObject({ code: 'OUT_OF_RANGE', expected: '1 <= value <= 50', received: { top_k: topK } });
    expect(error.suggestion).toBe('Use a value from 1 to 50.');
  });

  it('maps a bad email to INVALID_EMAIL', () => {
    expect(mapIt({ email: 'not-an-address' })).toMatchObject({ code: 'INVALID_EMAIL' });
  });

  it.each([0, -3, 1.5, '2'])('maps qty=%j to INVALID_QTY', (qty) => {
    expect(mapIt({ qty })).toMatchObject({ code: 'INVALID_QTY', received: { qty } });
  });

  it('maps strategy_rank < 1 to INVALID_RANK', () => {
    expect(mapIt({ strategy_rank: 0 })).toMatchObject({ code: 'INVALID_RANK', received: { strategy_rank: 0 } });
  });

  it.each([
    ['api_key', 'MISSING_API_KEY'],
    ['api_secret', 'MISSING_API_SECRET'],
    ['order_id', 'MISSING_ORDER_ID'],
  ])('maps an empty %s to %s', (field, code) => {
    expect(mapIt({ [field]: '' })).toMatchObject({ code });
    expect(mapIt({ [field]: null })).toMatchObject({ code });
  });

  it('maps a malformed ticker to INVALID_TICKER and an empty one to MISSING_TICKER', () => {
    expect(mapIt({ ticker: 'sp y!' })).toMatchObject({ code: 'INVALID_TICKER' });
    expect(mapIt({ ticker: '' })).toMatchObject({ code: 'MISSING_TICKER' });
  });

  it('applies operation-specific rules (get_legal_document name -> INVALID_DOCUMENT)', () => {
    expect(mapIt({ name: 'terms' }, { name: { code: 'INVALID_DOCUMENT' } })).toMatchObject({ code: 'INVALID_DOCUMENT' });
    expect(mapIt({ name: 'terms' })).toMatchObject({ code: 'INVALID_VALUE' });
  });

  it('refuses unknown parameters naming them and the allowed ones', () => {
    const error = mapIt({ pop_model: 'monte_carlo', qty: 1 });
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain("'pop_model'");
    expect(error.message).toContain('Allowed parameters: proposal_id, mode, top_k, email, qty');
    expect(error.received).toEqual({ pop_model: 'monte_carlo' });
  });

  it('refuses a non-object with VALIDATION_ERROR', () => {
    expect(mapIt('just a string')).toMatchObject({ code: 'VALIDATION_ERROR', received: { arguments: 'just a string' } });
    expect(mapIt([1, 2])).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('uses VALIDATION_ERROR for a plain type mismatch and mentions other failing parameters', () => {
    const error = mapIt({ proposal_id: 7, label: 42 });
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('proposal_id is invalid: expected string.');
    expect(error.message).toContain('Also invalid: label');
  });
});
