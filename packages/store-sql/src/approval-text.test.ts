import type { ApprovalRecord } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { approvalText, parseApproval } from './approval-text.js';

const RECORD: ApprovalRecord = { method: 'elicitation', at: 1_767_623_410_000, userId: 'u-1', client: 'claude-code/2.1.0', address: null };

describe('approval text', () => {
  it('writes the five fields in one order and reads them back; null stays null', () => {
    const text = approvalText({ address: null, client: 'claude-code/2.1.0', userId: 'u-1', at: 1_767_623_410_000, method: 'elicitation' });
    expect(text).toBe('{"method":"elicitation","at":1767623410000,"userId":"u-1","client":"claude-code/2.1.0","address":null}');
    expect(parseApproval(text, 'proposals.approval')).toEqual(RECORD);
    expect(approvalText(null)).toBeNull();
    expect(parseApproval(null, 'proposals.approval')).toBeNull();
  });

  it('keeps a passkey approval’s credential id', () => {
    const passkey: ApprovalRecord = { ...RECORD, method: 'passkey', credentialId: 'cred-AbC_9' };
    expect(parseApproval(approvalText(passkey), 'proposals.approval')).toEqual(passkey);
    expect(() => parseApproval(JSON.stringify({ ...passkey, credentialId: 7 }), 'proposals.approval')).toThrow('is not an approval');
  });

  it('writes nothing beyond the five fields', () => {
    const wider = { ...RECORD, token: 'secret-token' } as ApprovalRecord;
    expect(approvalText(wider)).not.toContain('secret-token');
  });

  it('names the column when the text is not an approval', () => {
    const bad = [
      { ...RECORD, method: 'email' },
      { ...RECORD, at: '1767623410000' },
      { ...RECORD, userId: null },
      { ...RECORD, client: 3 },
      { method: 'page', at: 1, userId: 'u-1', client: null },
    ];
    for (const document of bad) {
      expect(() => parseApproval(JSON.stringify(document), 'proposals.approval')).toThrow('proposals.approval holds JSON that is not an approval');
    }
    expect(() => parseApproval('confirm', 'proposals.approval')).toThrow('proposals.approval holds text that is not JSON');
  });
});
