import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { deriveRequestStateKey, stateCodec, type ElicitationState } from './request-state.js';

const KEY = 'k'.repeat(32);
const STATE: ElicitationState = { kind: 'confirm_proposal', proposalId: 'p1', nonce: 'n1', expiresAt: 60_000, proposalExpiresAt: 60_000 };
/** The codec reads the principal through its own callback; the context itself is only handed along. */
const ctx = {} as ServerContext;

describe('the elicitation state codec', () => {
  it('gives back what it signed, for the same user', async () => {
    const codec = stateCodec(KEY, () => 'user:ann');
    expect(await codec.verify(await codec.mint(STATE, ctx), ctx)).toEqual({ ok: true, state: STATE });
  });

  it('never throws: another user, another key, or garbage come back as not ok', async () => {
    const wire = await stateCodec(KEY, () => 'user:ann').mint(STATE, ctx);

    expect(await stateCodec(KEY, () => 'user:bob').verify(wire, ctx)).toEqual({ ok: false, reason: 'bind' });
    expect(await stateCodec('z'.repeat(32), () => 'user:ann').verify(wire, ctx)).toEqual({ ok: false, reason: 'mac' });
    expect(await stateCodec(KEY, () => 'user:ann').verify('v1.garbage', ctx)).toMatchObject({ ok: false });
  });

  it('refuses a signed payload that is not an elicitation state', async () => {
    const codec = stateCodec(KEY, () => 'user:ann');
    const wire = await codec.mint({ ...STATE, nonce: 7 } as unknown as ElicitationState, ctx);
    expect(await codec.verify(wire, ctx)).toEqual({ ok: false, reason: 'shape' });
  });

  it('derives a 32-byte key from the signing key, the same on every instance and not the signing key itself', () => {
    const signing = new Uint8Array(32).fill(7);
    const derived = deriveRequestStateKey(signing);
    expect(derived).toHaveLength(32);
    expect(Buffer.from(derived).equals(Buffer.from(deriveRequestStateKey(new Uint8Array(32).fill(7))))).toBe(true);
    expect(Buffer.from(derived).equals(Buffer.from(signing))).toBe(false);
  });
});
