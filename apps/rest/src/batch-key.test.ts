import { describe, expect, it } from 'vitest';
import { batchKeyOf } from './batch-key.js';

describe('batchKeyOf', () => {
  it('uses the header up to 128 characters, mints a fresh key without it, refuses longer ones', () => {
    expect(batchKeyOf('batch-7')).toBe('batch-7');
    expect(batchKeyOf('b'.repeat(128))).toBe('b'.repeat(128));
    expect(batchKeyOf('b'.repeat(129))).toBeNull();
    const a = batchKeyOf(undefined);
    const b = batchKeyOf('');
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
});
