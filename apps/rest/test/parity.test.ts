import { ERROR_CATALOGUE, type ErrorCode } from '@condor/core';
import { createTestServices, MemoryUserStore, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { isErrorResult, viaMcp, viaRest } from './shells.js';

const PASSWORD = 'parity password 1';

interface Case {
  readonly code: ErrorCode;
  readonly tool: string;
  readonly input: (tokens: { access: string; refresh: string }) => unknown;
  readonly credential?: (tokens: { access: string; refresh: string }) => string | null;
  readonly services?: () => TestServices;
}

const throwingUsers = (): TestServices => {
  const users = new MemoryUserStore();
  users.findByEmail = () => Promise.reject(new Error('boom'));
  return createTestServices({ users });
};

/** Every code reachable so far, each with one call that reaches it. */
const CASES: readonly Case[] = [
  { code: 'UNAUTHORIZED', tool: 'logout', input: () => ({}) },
  { code: 'SESSION_INVALID', tool: 'logout', input: () => ({}), credential: () => 'not-a-token' },
  { code: 'SESSION_INVALID', tool: 'refresh_session', input: () => ({ refresh_token: 'made-up' }) },
  { code: 'VALIDATION_ERROR', tool: 'logout', input: () => ({ everywhere: true }), credential: (t) => t.access },
  { code: 'VALIDATION_ERROR', tool: 'register', input: () => ({ email: 'x@example.com', password: 'short' }) },
  { code: 'VALIDATION_ERROR', tool: 'login', input: () => 'not an object' },
  { code: 'INVALID_EMAIL', tool: 'register', input: () => ({ email: 'nope', password: PASSWORD }) },
  { code: 'INVALID_CREDENTIALS', tool: 'login', input: () => ({ email: 'ann@example.com', password: 'wrong password' }) },
  { code: 'CONFLICT', tool: 'register', input: () => ({ email: 'ann@example.com', password: PASSWORD }) },
  {
    code: 'SERVER_MISCONFIGURED',
    tool: 'login',
    input: () => ({ email: 'ann@example.com', password: PASSWORD }),
    services: () => createTestServices({ tokens: null }),
  },
  {
    code: 'INTERNAL_ERROR',
    tool: 'login',
    input: () => ({ email: 'ann@example.com', password: PASSWORD }),
    services: throwingUsers,
  },
];

describe('the same call through REST and MCP gives the identical ErrorResult', () => {
  let tokens: { access: string; refresh: string };
  let services: TestServices;

  beforeEach(async () => {
    services = createTestServices();
    await viaRest(services, 'register', { email: 'ann@example.com', password: PASSWORD }, null);
    const login = (await viaRest(services, 'login', { email: 'ann@example.com', password: PASSWORD }, null)).body as {
      access_token: string;
      refresh_token: string;
    };
    tokens = { access: login.access_token, refresh: login.refresh_token };
  });

  it.each(CASES.map((c) => [c.code, c.tool, c] as const))('%s via %s', async (code, tool, c) => {
    const target = c.services?.() ?? services;
    const input = c.input(tokens);
    const credential = c.credential?.(tokens) ?? null;
    const rest = await viaRest(target, tool, input, credential);
    const mcp = await viaMcp(target, tool, input, credential);
    expect(isErrorResult(rest.body)).toBe(true);
    expect(rest.status).toBe(ERROR_CATALOGUE[code].status);
    expect(rest.ok).toBe(false);
    expect(mcp.ok).toBe(false);
    expect((rest.body as { error: string }).error).toBe(code);
    expect(mcp.body).toEqual(rest.body);
  });

  it('covers every code the catalogue operations declare, plus the auth codes', async () => {
    const { CATALOGUE } = await import('@condor/core');
    const declared = new Set(CATALOGUE.flatMap((op) => op.errors));
    const covered = new Set(CASES.map((c) => c.code));
    for (const code of declared) expect([code, covered.has(code)]).toEqual([code, true]);
  });
});
