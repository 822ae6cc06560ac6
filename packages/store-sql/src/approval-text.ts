import type { ApprovalMethod, ApprovalRecord } from '@condor/core';
import { parseJsonObject } from './json-column.js';

const METHODS: ReadonlySet<string> = new Set<ApprovalMethod>(['confirm', 'page', 'app', 'elicitation']);

const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** An approval as the JSON text a column holds, its five fields only; null stays null. */
export const approvalText = (approval: ApprovalRecord | null): string | null =>
  approval === null
    ? null
    : JSON.stringify({ method: approval.method, at: approval.at, userId: approval.userId, client: approval.client, address: approval.address });

/** The approval a column holds as JSON text; throws naming the column when it is not one. */
export function parseApproval(text: string | null, column: string): ApprovalRecord | null {
  if (text === null) return null;
  const { method, at, userId, client, address } = parseJsonObject(text, column);
  if (typeof method !== 'string' || !METHODS.has(method) || typeof at !== 'number' || typeof userId !== 'string' || !isTextOrNull(client) || !isTextOrNull(address)) {
    throw new Error(`${column} holds JSON that is not an approval`);
  }
  return { method: method as ApprovalMethod, at, userId, client, address };
}
