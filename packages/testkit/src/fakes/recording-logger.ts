import type { Logger } from '@condor/core';

export interface LogLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly event: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** Keeps every log line, so tests can assert on what was (and was not) logged. */
export class RecordingLogger implements Logger {
  readonly lines: LogLine[] = [];
  info(event: string, fields: Readonly<Record<string, unknown>> = {}): void {
    this.lines.push({ level: 'info', event, fields });
  }
  warn(event: string, fields: Readonly<Record<string, unknown>> = {}): void {
    this.lines.push({ level: 'warn', event, fields });
  }
  error(event: string, fields: Readonly<Record<string, unknown>> = {}): void {
    this.lines.push({ level: 'error', event, fields });
  }
}
