/** Limits on one free parameter's values for the free tier. */
export type FreeValueRule =
  | { readonly kind: 'max'; readonly max: number }
  | { readonly kind: 'values'; readonly values: readonly (string | number | boolean)[] };

/**
 * Which parameters of an operation the free tier may use, as data (design §6). An operation
 * without rules is entirely free.
 */
export interface TierRules {
  /** The parameters a free-tier caller may pass; every other parameter is premium. */
  readonly freeParameters: readonly string[];
  /** Values of free parameters that stay premium (e.g. `top_k` above 5). */
  readonly freeValues?: Readonly<Record<string, FreeValueRule>>;
}

/** The parameters (with their given values) a free-tier caller may not pass. */
export function blockedForFree(rules: TierRules, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const blocked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (!rules.freeParameters.includes(name)) blocked[name] = value;
    else if (!withinFreeValues(rules.freeValues?.[name], value)) blocked[name] = value;
  }
  return blocked;
}

function withinFreeValues(rule: FreeValueRule | undefined, value: unknown): boolean {
  if (rule === undefined) return true;
  switch (rule.kind) {
    case 'max':
      return typeof value !== 'number' || value <= rule.max;
    case 'values':
      return rule.values.includes(value as string | number | boolean);
  }
}

/** How the free tier's allowance for one parameter reads in a message. */
export function describeFreeParameter(rules: TierRules, name: string): string {
  const rule = rules.freeValues?.[name];
  if (rule === undefined) return name;
  return rule.kind === 'max'
    ? `${name} (up to ${String(rule.max)})`
    : `${name} (${rule.values.map((v) => JSON.stringify(v)).join(' or ')})`;
}
