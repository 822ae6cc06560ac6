import { describe, expect, it } from 'vitest';
import { insufficientScopeChallenge } from './scope-challenge.js';

describe('insufficientScopeChallenge', () => {
  it('names insufficient_scope and the scopes held plus the one missing, in order', () => {
    expect(insufficientScopeChallenge('trade', ['read'])).toBe(`Bearer error="insufficient_scope", scope="read trade", error_description="This call needs the 'trade' scope."`);
    expect(insufficientScopeChallenge('read')).toBe(`Bearer error="insufficient_scope", scope="read", error_description="This call needs the 'read' scope."`);
  });

  it('adds where the resource metadata is, when given', () => {
    expect(insufficientScopeChallenge('propose', ['trade'], 'https://condor.example/.well-known/oauth-protected-resource/mcp')).toBe(
      `Bearer error="insufficient_scope", scope="propose trade", error_description="This call needs the 'propose' scope.", resource_metadata="https://condor.example/.well-known/oauth-protected-resource/mcp"`,
    );
  });
});
