/** An options-math input outside the function's domain, naming the offending field. */
export interface InvalidOptionsInput {
  readonly kind: 'invalid_input';
  readonly field: string;
  readonly message: string;
}

/** @example invalidInput('volatility', 'must be positive') */
export const invalidInput = (field: string, message: string): InvalidOptionsInput => ({
  kind: 'invalid_input',
  field,
  message: `${field} ${message}`,
});
