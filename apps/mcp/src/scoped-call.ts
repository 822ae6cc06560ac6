import type { ToolName } from '@condor/core';

/** One call of a catalogue tool that an MCP request makes or stands for, with the arguments its scope depends on. */
export interface ScopedCall {
  readonly tool: ToolName;
  readonly input: unknown;
}
