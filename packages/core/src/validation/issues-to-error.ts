import * as v from 'valibot';
import { appError, type AppError } from '../errors/app-error.js';
import type { ErrorCode } from '../errors/codes.js';
import { FIELD_RULES, type FieldRule, type FieldRules } from './field-rules.js';
import { boundsOf, keysOf, optionsOf, schemaAt } from './schema-bounds.js';

type Issue = v.BaseIssue<unknown>;
type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

const isUnknownKey = (issue: Issue): boolean => issue.type === 'strict_object' && issue.expected === 'never';
/** The parameter's own value: for a cross-field check forwarded to a parameter, the parameter, not the object. */
const valueOf = (issue: Issue): unknown => (issue.path === undefined ? issue.input : issue.path.at(-1)?.value);
const isMissing = (issue: Issue): boolean => {
  const value = valueOf(issue);
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
};
const pathKeys = (issue: Issue): string[] => (issue.path ?? []).map((item) => String(item.key));

/**
 * Turns valibot's issues for one operation's input into the contract's code (design §3 gate 2):
 * unknown parameters -> VALIDATION_ERROR naming the allowed ones; then the first failing parameter
 * decides the code, by its name (qty -> INVALID_QTY, …) or by the kind of check (uuid, email, enum, range).
 */
export function issuesToAppError(
  operation: string,
  schema: AnySchema,
  issues: readonly [Issue, ...Issue[]],
  extraRules: FieldRules = {},
): AppError {
  const unknown = issues.filter(isUnknownKey);
  if (unknown.length > 0) return unknownParameters(operation, schema, unknown);
  const [first, ...rest] = issues;
  const keys = pathKeys(first);
  if (keys.length === 0) return isPlainObject(first.input) ? wholeInputError(operation, first) : notAnObject(operation, first.input);
  const field = keys.join('.');
  const top = keys[0] ?? field;
  const rule: FieldRule = { ...FIELD_RULES[top], ...extraRules[top] };
  const mapped = fieldError(field, first, rule, schemaAt(schema, keys));
  const others = [...new Set(rest.map((issue) => pathKeys(issue).join('.') || 'arguments'))].filter((k) => k !== field);
  return others.length === 0
    ? mapped
    : { ...mapped, message: `${mapped.message ?? ''} Also invalid: ${others.join(', ')}.`.trim() };
}

/** Arguments that are not a JSON object (valibot's object schemas would take an array as one). */
export const notAnObject = (operation: string, input: unknown): AppError =>
  appError('VALIDATION_ERROR', {
    message: `The arguments of ${operation} must be a JSON object.`,
    expected: 'object',
    received: { arguments: input },
  });

const isPlainObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A check on the parameters together (e.g. the size of a grid): its own message says what is wrong. */
const wholeInputError = (operation: string, issue: Issue): AppError =>
  appError('VALIDATION_ERROR', {
    message: issue.message,
    suggestion: `Change the parameters of ${operation} as the message says, then call it again.`,
    expected: null,
    received: null,
  });

function unknownParameters(operation: string, schema: AnySchema, unknown: readonly Issue[]): AppError {
  const names = unknown.map((issue) => pathKeys(issue).join('.'));
  const allowed = keysOf(schema);
  const allowedText = allowed.length === 0 ? 'none' : allowed.join(', ');
  return appError('VALIDATION_ERROR', {
    message: `Unknown parameter${names.length > 1 ? 's' : ''} ${names.map((n) => `'${n}'`).join(', ')} for ${operation}. Allowed parameters: ${allowedText}.`,
    suggestion: `Remove the unknown parameter${names.length > 1 ? 's' : ''}; ${operation} accepts: ${allowedText}.`,
    expected: `only these parameters: ${allowedText}`,
    received: Object.fromEntries(unknown.map((issue) => [pathKeys(issue).join('.'), issue.path?.at(-1)?.value])),
  });
}

function fieldError(field: string, issue: Issue, rule: FieldRule, schema: AnySchema | undefined): AppError {
  const received = { [field]: valueOf(issue) };
  const expected = describeExpected(issue, schema);
  const missing = isMissing(issue);
  const base = { received, expected, ...(rule.seeTool === undefined ? {} : { seeTool: rule.seeTool }) };
  const problem = missing ? `${field} is required.` : describeProblem(field, issue, expected);

  if (missing && rule.missingCode !== undefined) return appError(rule.missingCode, base);
  if (rule.code !== undefined) return appError(rule.code, { ...base, message: withCodeMessage(rule.code, problem) });
  switch (issue.type) {
    case 'uuid':
      return appError('INVALID_UUID', { ...base, message: `${field} must be a well-formed UUID.` });
    case 'email':
      return appError('INVALID_EMAIL', { ...base, message: `${field} is not a valid email address.` });
    case 'picklist':
    case 'enum': {
      const options = (optionsOf(schema) ?? []).map((o) => JSON.stringify(o)).join(', ');
      return appError('INVALID_VALUE', {
        ...base,
        message: `${field} must be one of: ${options}.`,
        suggestion: `Use one of: ${options}.`,
      });
    }
    case 'min_value':
    case 'max_value': {
      const range = rangeText(boundsOf(schema));
      return appError('OUT_OF_RANGE', {
        ...base,
        message: `${field} is out of range: it must be ${range}.`,
        suggestion: `Use a value ${range}.`,
      });
    }
    default:
      return appError('VALIDATION_ERROR', { ...base, message: problem });
  }
}

function describeProblem(field: string, issue: Issue, expected: string | null): string {
  const requirement = (issue as { requirement?: unknown }).requirement;
  switch (issue.type) {
    case 'min_length':
      return `${field} must be at least ${String(requirement)} characters long.`;
    case 'max_length':
      return `${field} must be at most ${String(requirement)} characters long.`;
    case 'integer':
      return `${field} must be a whole number.`;
    case 'regex':
      return `${field} has an invalid format.`;
    case 'partial_check':
    case 'check':
      return issue.message;
    default:
      return `${field} is invalid: expected ${expected ?? 'a valid value'}.`;
  }
}

const withCodeMessage = (code: ErrorCode, problem: string): string =>
  code === 'INVALID_QTY' || code === 'INVALID_RANK' ? `${problem} It must be a whole number of at least 1.` : problem;

function rangeText({ min, max }: { min?: number; max?: number }): string {
  if (min !== undefined && max !== undefined) return `from ${String(min)} to ${String(max)}`;
  if (min !== undefined) return `at least ${String(min)}`;
  if (max !== undefined) return `at most ${String(max)}`;
  return 'within its bounds';
}

function describeExpected(issue: Issue, schema: AnySchema | undefined): string | null {
  if (issue.type === 'min_value' || issue.type === 'max_value') {
    const { min, max } = boundsOf(schema);
    if (min !== undefined && max !== undefined) return `${String(min)} <= value <= ${String(max)}`;
  }
  if (issue.type === 'picklist' || issue.type === 'enum') {
    const options = optionsOf(schema);
    if (options !== undefined) return `one of ${options.map((o) => JSON.stringify(o)).join(', ')}`;
  }
  if (issue.type === 'uuid') return 'a UUID';
  if (issue.type === 'email') return 'an email address';
  return issue.expected;
}
