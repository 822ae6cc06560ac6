import { describe, expect, it } from 'vitest';
import { chooseRequestId } from './request-id.js';

describe('chooseRequestId', () => {
  it('reuses ids of 1-128 characters from [A-Za-z0-9._-] and replaces the rest with a UUID', () => {
    for (const id of ['a', 'req-1.retry_2', 'Z'.repeat(128)]) expect(chooseRequestId(id)).toBe(id);
    for (const id of [undefined, '', 'Z'.repeat(129), 'a b', 'a/b', 'é', 'a\nb']) {
      expect(chooseRequestId(id)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
