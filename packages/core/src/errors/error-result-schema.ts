import { ERROR_CODES, isSoftCode } from './codes.js';
import { ERROR_RESULT_KEYS, type ErrorResult } from './error-result.js';

const nullable = (type: 'string' | 'object', description: string) => ({ type: [type, 'null' as const], description });

/**
 * The JSON Schema (draft 2020-12) of the contract's ErrorResult — exactly seven keys, all present — for
 * every surface that describes failures: the REST shell's OpenAPI document and the MCP tools' output schemas.
 */
export const ERROR_RESULT_JSON_SCHEMA = {
  type: 'object' as const,
  description: 'Every failure has exactly this shape. Branch on `error`; show `message`; follow `suggestion`.',
  properties: {
    error: { type: 'string' as const, enum: ERROR_CODES.filter((code) => !isSoftCode(code)), description: 'Machine-readable code.' },
    message: { type: 'string' as const, description: 'Human-readable text for display.' },
    suggestion: nullable('string', 'The next action the caller should take.'),
    expected: nullable('string', 'What the service expected.'),
    received: nullable('object', 'The offending input echoed back; secrets are shown as "***".'),
    see_tool: nullable('string', 'The tool to call instead.'),
    tier_upgrade_hint: { type: 'boolean' as const, description: 'True when moving to premium would resolve the error.' },
  } satisfies Record<keyof ErrorResult, object>,
  required: [...ERROR_RESULT_KEYS],
  additionalProperties: false,
};
