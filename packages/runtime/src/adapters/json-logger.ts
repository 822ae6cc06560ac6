import type { Logger } from '@condor/core';

export type LogLevel = 'info' | 'warn' | 'error' | 'silent';
const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

/** One JSON object per line on the given stream (stderr by default, so stdio MCP stays clean). */
export class JsonLogger implements Logger {
  constructor(
    private readonly level: LogLevel = 'info',
    private readonly write: (line: string) => void = (line) => process.stderr.write(line),
  ) {}
  info(event: string, fields: Readonly<Record<string, unknown>> = {}): void {
    this.log('info', event, fields);
  }
  warn(event: string, fields: Readonly<Record<string, unknown>> = {}): void {
    this.log('warn', event, fields);
  }
  error(event: string, fields: Readonly<Record<string, unknown>> = {}): void {
    this.log('error', event, fields);
  }
  private log(level: Exclude<LogLevel, 'silent'>, event: string, fields: Readonly<Record<string, unknown>>): void {
    if (RANK[level] < RANK[this.level]) return;
    this.write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
  }
}
