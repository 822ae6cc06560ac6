import { TOOLSET_OF, TOOLSETS, type ToolName, type Toolset } from '@condor/core';
import type { Tool } from '@modelcontextprotocol/server';
import { TOOLS } from './tools.js';

/** What one server offers: the tools of the toolsets it serves (CONDOR_MCP_TOOLSETS), in catalogue order. */
export interface Offer {
  readonly tools: readonly Tool[];
  /** Whether `name` is an offered tool; a tool outside the toolsets is answered as one that does not exist. */
  has(name: string): name is ToolName;
}

/**
 * The offer of a server serving `toolsets` (default: every toolset).
 *
 * @example
 * offerOf(['research']).has('propose_entry'); // false
 */
export function offerOf(toolsets: readonly Toolset[] = TOOLSETS): Offer {
  const tools = TOOLS.filter((tool) => toolsets.includes(TOOLSET_OF[tool.name as ToolName]));
  const names = new Set(tools.map((tool) => tool.name));
  return { tools, has: (name): name is ToolName => names.has(name) };
}
