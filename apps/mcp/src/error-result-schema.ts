import { ERROR_RESULT_KEYS, type ErrorResult } from '@condor/core';

const nullable = (type: string): { type: readonly [string, 'null'] } => ({ type: [type, 'null'] });

const properties = {
  error: { type: 'string' },
  message: { type: 'string' },
  suggestion: nullable('string'),
  expected: nullable('string'),
  received: nullable('object'),
  see_tool: nullable('string'),
  tier_upgrade_hint: { type: 'boolean' },
} satisfies Record<keyof ErrorResult, object>;

/** JSON Schema of the contract's ErrorResult: exactly seven keys, all present. */
export const ERROR_RESULT_JSON_SCHEMA = {
  type: 'object',
  properties,
  required: [...ERROR_RESULT_KEYS],
  additionalProperties: false,
} as const;
