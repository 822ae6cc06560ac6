import type { ToolName } from '../operations/tool-names.js';

/** The HTTP statuses the contract assigns; 200 is for soft results carried in a successful body. */
export type CatalogueStatus = 200 | 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 500 | 501 | 503;

export interface ErrorSpec {
  readonly status: CatalogueStatus;
  /** Default human text; an operation may give a more specific one. */
  readonly message: string;
  /** The next action the caller should take. */
  readonly suggestion: string;
  /** The tool to call instead, where the contract names one. */
  readonly seeTool: ToolName | null;
}
