import { CATALOGUE, ERROR_RESULT_KEYS } from '@condor/core';
import { fc } from '@fast-check/vitest';
import { expect } from 'vitest';
import { jsonText } from './json-text.js';

/** One fuzzed call: a tool, its arguments of any shape, and the secret hidden somewhere in them. */
export interface FuzzCall {
  readonly tool: string;
  readonly input: unknown;
  readonly secret: string;
}

const SECRET_KEYS = ['password', 'api_key', 'api_secret', 'refresh_token', 'access_token'] as const;

/** A secret distinctive enough that finding it anywhere in an answer or a log line means it leaked. */
const SECRET_LETTERS = 'abcdefghijkmnpqrstuvwxyz23456789';
const secretArb = fc
  .string({ unit: fc.nat(SECRET_LETTERS.length - 1).map((i) => SECRET_LETTERS.charAt(i)), minLength: 10, maxLength: 24 })
  .map((s) => `Fz${s}Q9`);

/** Objects or arrays nested `depth` deep around `leaf`, the way the fuzzer built its 2,500-deep bodies. */
export const nest = (depth: number, leaf: unknown, asObject = false): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asObject ? { a: value } : [value];
  return value;
};

const keysOf = (tool: string): string[] => {
  const schema = CATALOGUE.find((op) => op.name === tool)?.input as { entries?: Record<string, unknown> } | undefined;
  return Object.keys(schema?.entries ?? {});
};

/** A JSON value of any kind, with a good share of the awkward ones: deep, long, empty, unicode. */
const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 3_000 }).map((depth) => nest(depth, 'x')) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 150_000 }).map((n) => 'x'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', '\u0000', '💥', 'NaN', '-1', '1e309', '../../etc/passwd', '<script>', "' OR 1=1 --"),
  },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, true, false, null) },
);

/** The tool's own parameters filled with junk, plus a secret under a secret-named key somewhere. */
const objectInputArb = (tool: string, secret: string): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...keysOf(tool), 'extra', 'qty', 'candidate'), junkArb, { maxKeys: 4 }),
      fc.constantFrom(...SECRET_KEYS),
      fc.constantFrom('top', 'nested', 'string', 'array'),
    )
    .map(([fields, key, where]) => {
      switch (where) {
        case 'top':
          return { ...fields, [key]: secret };
        case 'nested':
          return { ...fields, candidate: { legs: [{ [key]: secret }] } };
        case 'string':
          return { ...fields, email: JSON.stringify({ email: 'a@example.com', [key]: secret }) };
        case 'array':
          return { ...fields, extra: [{ [key]: secret }] };
      }
    });

/** A short account of a call for fast-check's report: printing the input itself would overflow on the deep ones. */
function describeCall(call: FuzzCall): string {
  const text = jsonText(call.input);
  return `${call.tool}(${text.length > 300 ? `${text.slice(0, 300)}… (${String(text.length)} characters)` : text})`;
}

/**
 * Every tool but `logout`: a fuzzed `{}` would end the one session the run's calls share, and every
 * call after it would stop at authentication instead of reaching the gates behind it.
 */
const FUZZED_TOOLS = CATALOGUE.map((op) => op.name).filter((name) => name !== 'logout');

/** Every shape the fuzzer tried: an object, the object as a JSON string, in an array, deep nesting, scalars. */
export const fuzzCallArb: fc.Arbitrary<FuzzCall> = fc
  .tuple(fc.constantFrom(...FUZZED_TOOLS), secretArb)
  .chain(([tool, secret]) =>
    fc
      .oneof(
        { weight: 4, arbitrary: objectInputArb(tool, secret) },
        { weight: 2, arbitrary: objectInputArb(tool, secret).map((o): unknown => JSON.stringify(o)) },
        { weight: 1, arbitrary: objectInputArb(tool, secret).map((o): unknown => [o]) },
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.integer({ min: 30, max: 10_000 }), fc.boolean())
            .map(([depth, asObject]): unknown => ({ email: nest(depth, secret, asObject), password: secret })),
        },
        { weight: 1, arbitrary: junkArb },
      )
      .map((input): FuzzCall => {
        const call = { tool, input, secret };
        return Object.assign(call, { [fc.toStringMethod]: () => describeCall(call) });
      }),
  );

/** A contract code whose status is 5xx by design, not a server fault: the deployment has autoroll off. */
const DESIGNED_5XX = new Set(['AUTOROLL_DISABLED']);

/**
 * What every answer to a fuzzed call must satisfy: a success, or a failure whose body is exactly the
 * seven-key ErrorResult; never INTERNAL_ERROR or another 5xx; never the secret of the input.
 */
export function expectSafeAnswer(call: FuzzCall, failed: boolean, status: number | null, body: unknown): void {
  // JSON.stringify answers undefined for undefined, whatever its declared type says.
  const text = (JSON.stringify(body) as string | undefined) ?? '';
  expect(text, `${call.tool} echoed the secret`).not.toContain(call.secret);
  if (!failed) return;
  const keys = typeof body === 'object' && body !== null ? Object.keys(body).sort() : body;
  expect(keys, `${call.tool} (status ${String(status)}): ${text.slice(0, 300)}`).toEqual([...ERROR_RESULT_KEYS].sort());
  const code = (body as { error: string }).error;
  expect(code, `${call.tool}: ${text.slice(0, 300)}`).not.toBe('INTERNAL_ERROR');
  if (status !== null && !DESIGNED_5XX.has(code)) expect(status, `${call.tool}: ${text.slice(0, 300)}`).toBeLessThan(500);
}
