import type { ApprovalMethod, ApprovalRecord, ApprovedBand } from '@condor/core';
import { parseJsonObject } from './json-column.js';

const METHODS: ReadonlySet<string> = new Set<ApprovalMethod>(['confirm', 'page', 'passkey', 'app', 'elicitation']);

const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** An approval as the JSON text a column holds, its fields only (the band when it has one); null stays null. */
export const approvalText = (approval: ApprovalRecord | null): string | null =>
  approval === null
    ? null
    : JSON.stringify({
        method: approval.method,
        at: approval.at,
        userId: approval.userId,
        client: approval.client,
        address: approval.address,
        ...(approval.band == null ? {} : { band: { startPrice: approval.band.startPrice, worstPrice: approval.band.worstPrice } }),
        ...(approval.credentialId == null ? {} : { credentialId: approval.credentialId }),
      });

function bandOf(value: unknown, column: string): ApprovedBand | null {
  if (value === undefined || value === null) return null;
  const { startPrice, worstPrice } = value as Record<string, unknown>;
  if (typeof startPrice !== 'number' || typeof worstPrice !== 'number') throw new Error(`${column} holds a band that is not one`);
  return { startPrice, worstPrice };
}

/** The approval a column holds as JSON text; throws naming the column when it is not one. */
export function parseApproval(text: string | null, column: string): ApprovalRecord | null {
  if (text === null) return null;
  const { method, at, userId, client, address, band, credentialId } = parseJsonObject(text, column);
  const badCredential = credentialId !== undefined && typeof credentialId !== 'string';
  if (typeof method !== 'string' || !METHODS.has(method) || typeof at !== 'number' || typeof userId !== 'string' || !isTextOrNull(client) || !isTextOrNull(address) || badCredential) {
    throw new Error(`${column} holds JSON that is not an approval`);
  }
  const approved = bandOf(band, column);
  return {
    method: method as ApprovalMethod,
    at,
    userId,
    client,
    address,
    ...(approved === null ? {} : { band: approved }),
    ...(typeof credentialId === 'string' ? { credentialId } : {}),
  };
}
