import { SqlCallBatchStore } from '@condor/store-sql';
import { FakeClock, MemoryCallBatchStore } from '@condor/testkit';
import type { CallBatchStore } from '@condor/core';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../../../packages/store-sql/test/temp-database.js';
import { BATCH_WINDOW_MS, PrincipalBatches, STALE_CALL_MS, type BatchedCall } from '../src/principal-batches.js';

/**
 * The batch rule of design §5 per principal, against a model of a few lines: a call joins its principal's
 * batch while another call of the principal is in flight (begun less than the stale limit ago) or within
 * the window after its previous response; otherwise it starts a batch under the key it brought. Together
 * with the proposal machine's model test (core: a confirm in its proposal's batch is CONFIRM_BLOCKED),
 * this is the whole of CONFIRM_BLOCKED over MCP.
 */

const PRINCIPALS = ['user:ann', 'user:bob'] as const;

interface ModelCall {
  readonly principal: string;
  readonly beganAt: number;
  readonly batch: string;
  ended: boolean;
}

interface Model {
  now: number;
  readonly calls: ModelCall[];
  /** Per principal: its current batch and its latest response time. */
  readonly principals: Map<string, { batch: string; lastResponseAt: number }>;
}

interface Real {
  readonly clock: FakeClock;
  readonly batches: PrincipalBatches;
  readonly open: BatchedCall[];
}

const live = (model: Model, principal: string): boolean =>
  model.calls.some((call) => call.principal === principal && !call.ended && model.now - call.beganAt < STALE_CALL_MS);

class Begin implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly named: string | null) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    // Ending is a command of its own, so calls of one principal overlap in flight as they would.
    const principal = PRINCIPALS[this.who % PRINCIPALS.length] ?? 'user:ann';
    const state = model.principals.get(principal);
    const joins = state !== undefined && (live(model, principal) || model.now - state.lastResponseAt < BATCH_WINDOW_MS);
    const call = await real.batches.begin(principal, this.named);
    if (joins) {
      expect(call.batchKey).toBe(state.batch);
    } else {
      // A batch of its own: the key it brought, or a fresh one no batch had before.
      if (this.named !== null) expect(call.batchKey).toBe(this.named);
      else expect([...model.principals.values()].map((p) => p.batch)).not.toContain(call.batchKey);
      model.principals.set(principal, { batch: call.batchKey, lastResponseAt: state?.lastResponseAt ?? Number.NEGATIVE_INFINITY });
    }
    model.calls.push({ principal, beganAt: model.now, batch: call.batchKey, ended: false });
    real.open.push(call);
  }
  toString = () => `begin(${PRINCIPALS[this.who % PRINCIPALS.length] ?? ''}${this.named === null ? '' : `, named ${this.named}`})`;
}

class End implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.calls.some((call) => !call.ended);
  async run(model: Model, real: Real): Promise<void> {
    const open = model.calls.map((call, i) => [call, i] as const).filter(([call]) => !call.ended);
    const [call, index] = open[this.pick % open.length] ?? [];
    if (call === undefined || index === undefined) return;
    await real.open[index]?.end();
    call.ended = true;
    const state = model.principals.get(call.principal);
    if (state !== undefined) state.lastResponseAt = Math.max(state.lastResponseAt, model.now);
  }
  toString = () => `end(#${String(this.pick)})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(model: Model, real: Real): Promise<void> {
    model.now += this.ms;
    real.clock.advance(this.ms);
    return Promise.resolve();
  }
  toString = () => `advance(${String(this.ms)} ms)`;
}

const commands = [
  fc.tuple(fc.nat(3), fc.option(fc.constantFrom('review-1', 'review-2'), { freq: 4 })).map(([who, named]) => new Begin(who, named)),
  fc.nat(10).map((pick) => new End(pick)),
  fc.constantFrom(1, 500, 999, 1_000, 1_001, 5_000, STALE_CALL_MS - 1, STALE_CALL_MS).map((ms) => new Advance(ms)),
];

async function check(store: () => Promise<CallBatchStore> | CallBatchStore, runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (cmds) => {
      const clock = new FakeClock(Date.UTC(2026, 1, 10, 15));
      const real: Real = { clock, batches: new PrincipalBatches(await store(), clock), open: [] };
      const model: Model = { now: clock.now(), calls: [], principals: new Map() };
      try {
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      } finally {
        await Promise.all(real.open.map((call) => call.end()));
      }
    }),
    { numRuns: runs },
  );
}

describe('the batch rule per principal against its model', () => {
  it('holds over the memory store', async () => {
    await check(() => new MemoryCallBatchStore(), 300);
  });

  for (const dialect of testDialects()) {
    it(`holds over the SQL store on ${dialect.name}`, async () => {
      await check(async () => new SqlCallBatchStore(await dialect.migrated()), 40);
    }, 120_000);
  }
});
