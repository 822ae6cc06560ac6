import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { constraintsOf, jsonSchemaOf, typeLabel } from './json-schema.js';

describe('jsonSchemaOf', () => {
  it('converts to draft 2020-12 without $schema, ignoring what JSON Schema cannot say', () => {
    const schema = jsonSchemaOf(v.object({ a: v.pipe(v.string(), v.trim(), v.check((s) => s !== 'x')) }), 'input');
    expect(schema).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
  });
});

describe('typeLabel and constraintsOf', () => {
  it('describe a schema in words', () => {
    expect(typeLabel(jsonSchemaOf(v.pipe(v.string(), v.email()), 'input'))).toBe('string (email)');
    expect(typeLabel(jsonSchemaOf(v.picklist(['a', 'b']), 'input'))).toBe('"a" | "b"');
    expect(typeLabel(jsonSchemaOf(v.array(v.number()), 'input'))).toBe('array of number');
    expect(typeLabel(jsonSchemaOf(v.nullable(v.string()), 'input'))).toBe('string | null');
    expect(typeLabel({})).toBe('any');
    expect(constraintsOf(jsonSchemaOf(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(20)), 'input'))).toEqual(['>= 1', '<= 20']);
    expect(constraintsOf(jsonSchemaOf(v.pipe(v.string(), v.maxLength(9)), 'input'))).toEqual(['at most 9 characters']);
  });
});
