import { describe, expect, it } from 'vitest';
import { RETENTION, RETENTION_KINDS, retentionCutoffs } from './retention.js';

const NOW = 1_767_623_400_000;
const DAY = 86_400_000;

describe('retentionCutoffs', () => {
  it('puts each kind’s cutoff its retention before now', () => {
    expect(retentionCutoffs(NOW)).toEqual({
      approvalLinks: NOW - 30 * DAY,
      browserSessions: NOW - 30 * DAY,
      authorizationCodes: NOW - DAY,
      sessionFamilies: NOW - 30 * DAY,
      rateLimitWindows: NOW,
      callBatches: NOW - DAY,
    });
  });

  it('takes another policy', () => {
    const policy = { ...RETENTION, approvalLinks: { keepMs: 5, endedAt: 'expires_at' } };
    expect(retentionCutoffs(NOW, policy).approvalLinks).toBe(NOW - 5);
  });

  it('runs every kind once, codes before the families they belong to', () => {
    expect([...RETENTION_KINDS].sort()).toEqual(Object.keys(RETENTION).sort());
    expect(RETENTION_KINDS.indexOf('authorizationCodes')).toBeLessThan(RETENTION_KINDS.indexOf('sessionFamilies'));
  });
});
