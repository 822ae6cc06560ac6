import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';

export type { JsonSchema };

/**
 * The JSON Schema (draft 2020-12, the OpenAPI 3.1 dialect) of a valibot schema, without
 * `$schema`; actions JSON Schema cannot express (transforms, custom checks) are left out.
 */
export function jsonSchemaOf(schema: GenericSchema, typeMode: 'input' | 'output'): JsonSchema {
  const json = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'ignore', typeMode });
  delete json.$schema;
  return json;
}

/** A short human label for a schema's type: `string (email)`, `integer`, `"free" | "premium"`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.enum !== undefined) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants !== undefined) return variants.map((variant) => (typeof variant === 'boolean' ? 'any' : typeLabel(variant))).join(' | ');
  const types = schema.type === undefined ? ['any'] : ([] as string[]).concat(schema.type);
  const base = types
    .map((type) => (type === 'array' && schema.items !== undefined && !Array.isArray(schema.items) ? `array of ${itemLabel(schema.items)}` : type))
    .join(' | ');
  return schema.format === undefined ? base : `${base} (${schema.format})`;
}

const itemLabel = (items: JsonSchema | boolean): string => (typeof items === 'boolean' ? 'any' : typeLabel(items));

/** The bounds of a schema in words, for documentation: `12–256 characters`, `>= 1`. */
export function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    out.push(`${range(schema.minLength, schema.maxLength)} characters`);
  }
  if (schema.minimum !== undefined) out.push(`>= ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) out.push(`<= ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) out.push(`${range(schema.minItems, schema.maxItems)} items`);
  if (schema.pattern !== undefined) out.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

const range = (min: number | undefined, max: number | undefined): string =>
  min === undefined ? `at most ${String(max)}` : max === undefined ? `at least ${min}` : `${min}–${max}`;
