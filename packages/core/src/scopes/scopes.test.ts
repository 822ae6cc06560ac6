import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, scopeList, scopesOfClaim } from './scopes.js';

describe('scopes', () => {
  it("reads a token's scope claim: absent is a password session (every scope), unknown words grant nothing", () => {
    expect(scopesOfClaim(undefined)).toBe(ALL_SCOPES);
    expect([...scopesOfClaim('read trade')]).toEqual(['read', 'trade']);
    expect([...scopesOfClaim('')]).toEqual([]);
    expect([...scopesOfClaim('admin READ  propose')]).toEqual(['propose']);
  });

  it('lists scopes in their one order, each once', () => {
    expect(scopeList(['trade', 'read', 'trade'])).toEqual(['read', 'trade']);
    expect(scopeList(ALL_SCOPES)).toEqual(['read', 'propose', 'trade']);
  });
});
