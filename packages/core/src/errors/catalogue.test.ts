import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../operations/tool-names.js';
import { ERROR_CATALOGUE } from './catalogue.js';
import { ERROR_CODES, SOFT_CODES } from './codes.js';
import { ERROR_RESULT_KEYS } from './error-result.js';
import { codeForStatus } from './fallback.js';
import { renderError, renderHttpStatus } from './render.js';

const anyCode = fc.constantFrom(...ERROR_CODES);
const secretKeys = fc.constantFrom('api_key', 'api_secret', 'password', 'refresh_token', 'access_token', 'token');
const secretValue = fc.string({ minLength: 8, maxLength: 40 }).map((s) => `S3cr3t-${s}`);

describe('error catalogue', () => {
  it('has an entry for every code and no other', () => {
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('names only real tools in see_tool', () => {
    for (const spec of Object.values(ERROR_CATALOGUE)) {
      if (spec.seeTool !== null) expect(TOOL_NAMES).toContain(spec.seeTool);
    }
  });

  it('gives the contract statuses', () => {
    const expected: Record<string, number> = {
      INVALID_UUID: 422, NO_HISTORY: 404, ONBOARDING_REQUIRED: 403, DOCUMENT_NOT_READ: 403, TIER_BLOCKED: 403,
      QUOTA_EXCEEDED: 429, BROKER_NOT_CONNECTED: 409, SESSION_INVALID: 401, UNAUTHORIZED: 401, RATE_LIMITED: 429,
      BROKER_RATE_LIMITED: 503, PROPOSAL_NOT_FOUND: 404, PROPOSAL_EXPIRED: 410, PROPOSAL_ALREADY_CONSUMED: 409,
      CONFIRM_BLOCKED: 422, CONFIRM_TOO_FAST: 422, CANCEL_FAILED: 200, AUTOROLL_DISABLED: 501, ALREADY_SUBSCRIBED: 409,
      SUBSCRIPTION_NOT_FOUND: 404, SERVICE_NOT_CONFIGURED: 503, SERVER_MISCONFIGURED: 500, INTERNAL_ERROR: 500,
      INVALID_CREDENTIALS: 401, ACCESS_DENIED: 403, NOT_SERVICE_MANAGED: 403, AUTHORIZATION_NOT_CONFIRMED: 403,
    };
    for (const [code, status] of Object.entries(expected)) expect([code, ERROR_CATALOGUE[code as never]['status']]).toEqual([code, status]);
    for (const soft of SOFT_CODES) expect(ERROR_CATALOGUE[soft].status).toBe(200);
  });
});

describe('renderError', () => {
  test.prop([anyCode, fc.option(fc.string()), fc.option(fc.dictionary(fc.string(), fc.jsonValue()))])(
    'always yields exactly the seven keys and the catalogue status',
    (code, message, received) => {
      const { status, body } = renderError({ code, ...(message === null ? {} : { message }), received });
      expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
      expect(status).toBe(ERROR_CATALOGUE[code].status);
      expect(body.error).toBe(code);
      expect(typeof body.message).toBe('string');
      expect(typeof body.tier_upgrade_hint).toBe('boolean');
    },
  );

  test.prop([anyCode, secretKeys, secretValue, fc.dictionary(fc.string(), fc.jsonValue())])(
    'never contains a secret given in received, at any depth, nor in its texts',
    (code, key, secret, other) => {
      const rendered = renderError(
        { code, message: `bad value ${secret}`, expected: secret, received: { ...other, [key]: secret, nested: { [key]: secret } } },
        [secret],
      );
      expect(JSON.stringify(rendered.body)).not.toContain(secret);
      expect(rendered.body.received?.[key]).toBe('***');
    },
  );

  it('fills null and false where a field does not apply', () => {
    expect(renderError({ code: 'INTERNAL_ERROR' }).body).toEqual({
      error: 'INTERNAL_ERROR',
      message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
      suggestion: ERROR_CATALOGUE.INTERNAL_ERROR.suggestion,
      expected: null,
      received: null,
      see_tool: null,
      tier_upgrade_hint: false,
    });
  });
});

describe('fallback table (contract 7.9)', () => {
  const table: [number, string][] = [
    [400, 'BAD_REQUEST'], [401, 'UNAUTHORIZED'], [403, 'FORBIDDEN'], [404, 'NOT_FOUND'], [409, 'CONFLICT'],
    [422, 'VALIDATION_ERROR'], [429, 'TOO_MANY_REQUESTS'], [500, 'INTERNAL_ERROR'], [503, 'SERVICE_UNAVAILABLE'],
  ];
  it.each(table)('status %i -> %s, status kept', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
    const rendered = renderHttpStatus(status);
    expect([rendered.status, rendered.body.error]).toEqual([status, code]);
  });

  it.each([[405, 'BAD_REQUEST'], [413, 'BAD_REQUEST'], [415, 'BAD_REQUEST'], [502, 'INTERNAL_ERROR'], [504, 'INTERNAL_ERROR']])(
    'an unlisted status %i keeps its status with code %s',
    (status, code) => {
      const rendered = renderHttpStatus(status, 'Method not allowed.');
      expect([rendered.status, rendered.body.error, rendered.body.message]).toEqual([status, code, 'Method not allowed.']);
      expect(Object.keys(rendered.body)).toHaveLength(7);
    },
  );
});
