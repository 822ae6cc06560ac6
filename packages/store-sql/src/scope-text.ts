import { SCOPES, isScope, scopeList, type Scope } from '@condor/core';

/** Scopes as one column holds them: space-separated in SCOPES order, as OAuth writes a scope (`read trade`). */
export const scopeText = (scopes: readonly Scope[]): string => scopeList(scopes).join(' ');

/** The scopes a column's text names. */
export const scopesOfText = (text: string): Scope[] => scopeList(text.split(' ').filter(isScope));

/** Every text the column may hold: each non-empty set of scopes, written by `scopeText`. */
export const SCOPE_TEXTS: readonly string[] = Array.from({ length: 2 ** SCOPES.length - 1 }, (_, i) =>
  scopeText(SCOPES.filter((_, bit) => ((i + 1) & (1 << bit)) !== 0)),
);
