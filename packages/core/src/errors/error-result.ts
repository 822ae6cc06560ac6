/** The one error shape of both surfaces (contract §2.1): always exactly these seven keys. */
export interface ErrorResult {
  readonly error: string;
  readonly message: string;
  readonly suggestion: string | null;
  readonly expected: string | null;
  readonly received: Readonly<Record<string, unknown>> | null;
  readonly see_tool: string | null;
  readonly tier_upgrade_hint: boolean;
}

export const ERROR_RESULT_KEYS = [
  'error',
  'message',
  'suggestion',
  'expected',
  'received',
  'see_tool',
  'tier_upgrade_hint',
] as const satisfies readonly (keyof ErrorResult)[];
