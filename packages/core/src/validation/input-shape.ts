import { appError, type AppError } from '../errors/app-error.js';

/** How far any caller's input may go before anything walks it (validation, redaction, logging). */
export interface InputLimits {
  /** Nested objects and arrays, the outermost counting as 1. */
  readonly maxDepth: number;
  /** Objects, arrays and values in all. */
  readonly maxNodes: number;
  /** Characters of any one string or key. */
  readonly maxStringLength: number;
}

/** Far beyond any tool's real input (the deepest is a strategy grid at 4 levels), far below a stack overflow. */
export const INPUT_LIMITS: InputLimits = { maxDepth: 32, maxNodes: 20_000, maxStringLength: 100_000 };

type ShapeProblem = 'depth' | 'nodes' | 'string';

/**
 * Walks `input` without recursion and reports the first limit it breaks, or null. Every later walk
 * (valibot, redaction, JSON.stringify for logs) is recursive, so this runs before them all.
 */
export function inputShapeProblem(input: unknown, limits: InputLimits = INPUT_LIMITS): ShapeProblem | null {
  const pending: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { value, depth } = pending.pop() as { value: unknown; depth: number };
    nodes += 1;
    if (nodes > limits.maxNodes) return 'nodes';
    if (typeof value === 'string') {
      if (value.length > limits.maxStringLength) return 'string';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > limits.maxDepth) return 'depth';
    for (const [key, inner] of Object.entries(value)) {
      if (key.length > limits.maxStringLength) return 'string';
      pending.push({ value: inner, depth: depth + 1 });
    }
  }
  return null;
}

const PROBLEM_TEXT: Record<ShapeProblem, (limits: InputLimits) => string> = {
  depth: (l) => `objects and arrays nested at most ${String(l.maxDepth)} deep`,
  nodes: (l) => `at most ${String(l.maxNodes)} values in all`,
  string: (l) => `strings of at most ${String(l.maxStringLength)} characters`,
};

/** The contract's answer to input too deep or too large to be any tool's arguments; nothing of it is echoed. */
export function checkInputShape(operation: string, input: unknown, limits: InputLimits = INPUT_LIMITS): AppError | null {
  const problem = inputShapeProblem(input, limits);
  if (problem === null) return null;
  const expected = PROBLEM_TEXT[problem](limits);
  return appError('VALIDATION_ERROR', {
    message: `The arguments of ${operation.slice(0, 100)} are too large or too deeply nested: expected ${expected}.`,
    suggestion: `Send the parameters ${operation.slice(0, 100)} documents, as a flat JSON object.`,
    expected,
    received: null,
  });
}
