/** A setting that stops the start: its message names the variable, never its value. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
