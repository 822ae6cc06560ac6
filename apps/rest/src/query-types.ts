import type { AnyOperation } from '@condor/core';
import { jsonSchemaOf, type JsonSchema } from './json-schema.js';

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The JSON types a property of the operation's input accepts ('number', 'boolean', …). */
function typesOf(schema: JsonSchema | boolean | undefined): Set<string> {
  if (schema === undefined || typeof schema === 'boolean') return new Set();
  const own = schema.type === undefined ? [] : ([] as string[]).concat(schema.type);
  const variants = (schema.anyOf ?? schema.oneOf ?? []).flatMap((variant) => [...typesOf(variant)]);
  return new Set([...own, ...variants]);
}

const cache = new WeakMap<AnyOperation, ReadonlyMap<string, Set<string>>>();

/** The types of each input property, by name: a Map, so a query parameter named `toString` or `__proto__` finds none. */
function propertyTypes(operation: AnyOperation): ReadonlyMap<string, Set<string>> {
  let types = cache.get(operation);
  if (types === undefined) {
    const properties = jsonSchemaOf(operation.input, 'input').properties ?? {};
    types = new Map(Object.entries(properties).map(([name, schema]) => [name, typesOf(schema)]));
    cache.set(operation, types);
  }
  return types;
}

/**
 * A query string has only text; this gives a number-typed parameter its number and a boolean-typed
 * one its boolean when the text is exactly one. Anything else stays text for the core to refuse.
 */
export function typedQuery(operation: AnyOperation, query: Readonly<Record<string, string | string[]>>): Record<string, unknown> {
  const types = propertyTypes(operation);
  return Object.fromEntries(
    Object.entries(query).map(([name, text]): [string, unknown] => {
      const accepts = types.get(name) ?? new Set<string>();
      if (typeof text !== 'string' || accepts.has('string')) return [name, text];
      if ((accepts.has('number') || accepts.has('integer')) && NUMBER.test(text)) return [name, Number(text)];
      if (accepts.has('boolean') && (text === 'true' || text === 'false')) return [name, text === 'true'];
      return [name, text];
    }),
  );
}
