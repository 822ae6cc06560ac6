import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, safeNext } from './safe-next.js';

describe('safeNext', () => {
  it('keeps a path on this server, query included', () => {
    expect(safeNext('/approve/AbC_123-xyz')).toBe('/approve/AbC_123-xyz');
    expect(safeNext('/broker-keys/t0k3n?x=1')).toBe('/broker-keys/t0k3n?x=1');
  });

  it('falls back for anything that could leave this origin or is not a path', () => {
    const hostile = [
      'https://evil.example/', '//evil.example', '/\\evil.example', '\\\\evil.example', 'evil.example', 'javascript:alert(1)',
      '/\t/evil.example', ' /approve/x', '', null, undefined, `/${'a'.repeat(2100)}`,
      // Dot segments that resolve to a protocol-relative path once normalised (as `?next=/x/..%2F%2Fevil` decodes).
      '/x/..//evil.example', '/approve/%2e%2e/%2e%2e//evil.example', '/a/../..//evil.example', '/x/../\\evil.example',
    ];
    for (const next of hostile) expect(safeNext(next)).toBe(DEFAULT_NEXT);
  });
});
