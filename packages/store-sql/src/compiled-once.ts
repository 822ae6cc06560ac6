import { CompiledQuery } from 'kysely';

const MARK = '\u0000condor-slot:';

/** A named parameter's place holder while a statement is built once (typed `never`, so it fits any value's place). */
export const slot = (name: string): never => `${MARK}${name}` as never;

/** A slot for each name, named as it: a row object with those keys is then a statement's values. */
export const slotsNamed = <K extends string>(...names: K[]): Record<K, never> => Object.fromEntries(names.map((name) => [name, slot(name)])) as Record<K, never>;

/**
 * A statement built and compiled once, with `slot(name)` wherever a value goes, run with each call's values:
 * kysely otherwise builds and compiles the query tree on every call (a hot statement pays more for that than
 * SQLite does for running it). Parameters that are not slots keep the value they were built with.
 */
export function compiledOnce<R>(query: CompiledQuery<R>): (values: Readonly<Record<string, unknown>>) => CompiledQuery<R> {
  const { sql: text, parameters } = query;
  const names = parameters.map((parameter) => (typeof parameter === 'string' && parameter.startsWith(MARK) ? parameter.slice(MARK.length) : null));
  return (values) =>
    CompiledQuery.raw(
      text,
      names.map((name, i) => {
        if (name === null) return parameters[i];
        if (!(name in values)) throw new Error(`no value for slot ${name}`);
        return values[name];
      }),
    );
}
