import { TOOL_NAMES } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { APP_TOOL_NAMES } from './apps/app-tools.js';
import { SHELL_TOOLS, shellToolOf } from './shell-tools.js';

describe('shellToolOf', () => {
  it('finds every row, and the ticket’s tools act through confirm_proposal offered to MCP Apps clients only', () => {
    for (const name of Object.keys(SHELL_TOOLS)) expect(shellToolOf(name)).toBe(SHELL_TOOLS[name as keyof typeof SHELL_TOOLS]);
    for (const name of APP_TOOL_NAMES) expect(shellToolOf(name)).toMatchObject({ runs: 'confirm_proposal', appOnly: true });
    expect(shellToolOf('confirm_proposal')?.appOnly).toBe(false);
  });

  it('answers undefined for plain tools and for names an object inherits', () => {
    const plain = TOOL_NAMES.filter((name) => !Object.hasOwn(SHELL_TOOLS, name));
    expect(plain).toContain('propose_entry');
    for (const name of [...plain, 'constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(shellToolOf(name)).toBeUndefined();
  });
});
