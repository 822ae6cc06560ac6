import type * as v from 'valibot';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;
interface Action {
  readonly kind: string;
  readonly type: string;
  readonly requirement?: unknown;
}

/** The schema of the parameter at `path`, with optional/nullable/pipe wrappers looked through. */
export function schemaAt(root: AnySchema, path: readonly string[]): AnySchema | undefined {
  let current: AnySchema | undefined = unwrap(root);
  for (const key of path) {
    const entries: Record<string, AnySchema> | undefined = (current as { entries?: Record<string, AnySchema> } | undefined)?.entries;
    current = entries?.[key] === undefined ? undefined : unwrap(entries[key]);
  }
  return current;
}

function unwrap(schema: AnySchema): AnySchema {
  const wrapped = (schema as { wrapped?: AnySchema }).wrapped;
  return wrapped === undefined ? schema : unwrap(wrapped);
}

function actionsOf(schema: AnySchema | undefined): readonly Action[] {
  return ((schema as { pipe?: readonly Action[] } | undefined)?.pipe ?? []).filter((a) => a.kind === 'validation');
}

/** The `[min, max]` bounds a parameter's pipe declares (either may be absent). */
export function boundsOf(schema: AnySchema | undefined): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {};
  for (const action of actionsOf(schema)) {
    if (action.type === 'min_value' && typeof action.requirement === 'number') bounds.min = action.requirement;
    if (action.type === 'max_value' && typeof action.requirement === 'number') bounds.max = action.requirement;
  }
  return bounds;
}

/** The allowed values of a picklist/enum parameter, if it is one. */
export function optionsOf(schema: AnySchema | undefined): readonly unknown[] | undefined {
  const picklist = schema as { options?: readonly unknown[]; enum?: Record<string, unknown> } | undefined;
  if (Array.isArray(picklist?.options)) return picklist.options as readonly unknown[];
  if (picklist?.enum !== undefined) return Object.values(picklist.enum);
  return undefined;
}

/** The names of an object schema's parameters. */
export function keysOf(schema: AnySchema): readonly string[] {
  return Object.keys((unwrap(schema) as { entries?: Record<string, unknown> }).entries ?? {});
}
