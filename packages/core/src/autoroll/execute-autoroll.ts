import * as v from 'valibot';
import { TradingAccountView, withAccount } from '../brokers/trading-account.js';
import { errAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import { defineOperation, type AnyOperation, type HandlerContext } from '../operations/operation.js';
import { PositionId } from '../positions/position-id.js';
import { proposeExit } from '../proposals/propose-exit.js';
import { proposeRoll } from '../proposals/propose-roll.js';
import { autorollEnabled } from './autoroll-enabled.js';
import type { AutorollAlert, ProposalCall } from '../positions/alert-rules.js';
import { scanOwner } from '../positions/scan-owner.js';

/** An operation that turns its arguments into a proposal (propose_exit, propose_roll); null when the build has none. */
export type Proposer = Pick<AnyOperation, 'name' | 'input' | 'handler'>;

export interface AutorollProposers {
  readonly propose_exit: Proposer | null;
  readonly propose_roll: Proposer | null;
}

const Made = v.object({ position_id: v.string(), rule: v.string(), tool: v.string(), proposal_id: v.string() });
const Skipped = v.object({ position_id: v.string(), rule: v.string(), tool: v.string(), error: v.string(), message: v.string() });
type Outcome = { made: v.InferOutput<typeof Made> } | { skipped: v.InferOutput<typeof Skipped> };

/**
 * execute_iron_condor_autoroll with the proposal tools it calls. When the deployment enables autoroll
 * it takes the most severe alert of each open position and makes the proposal its `proposal_call`
 * names, exactly as that tool would — never an order: each still needs the user's confirm_proposal.
 */
export function createExecuteAutoroll(proposers: AutorollProposers) {
  return defineOperation({
    name: 'execute_iron_condor_autoroll',
    title: 'Execute autoroll (creates proposals only)',
    description:
      'Turns the most severe autoroll alert of each open position into a propose_exit or propose_roll proposal (never an ' +
      'order: each must still be confirmed with confirm_proposal). Unless the deployment enables it, it answers AUTOROLL_DISABLED: ' +
      'use suggest_iron_condor_autoroll for read-only alerts, then propose_roll or propose_exit yourself.',
    input: v.strictObject({
      position_id: v.optional(v.pipe(PositionId, v.description('Only this position; all open positions when absent.'))),
    }),
    output: v.object({
      proposals: v.pipe(v.array(Made), v.description('Proposals made; show each to the user and confirm only with approval.')),
      skipped: v.pipe(v.array(Skipped), v.description('Alerts the proposal tool refused, with its error.')),
      notes: v.array(v.string()),
      account: TradingAccountView,
    }),
    access: 'trading',
    // A disabled feature answers AUTOROLL_DISABLED whether or not a broker is linked.
    needsBroker: false,
    quota: false,
    rest: { method: 'POST', path: '/autoroll/executions' },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    errors: ['ONBOARDING_REQUIRED', 'AUTOROLL_DISABLED', 'INVALID_UUID', 'POSITION_NOT_FOUND', 'BROKER_NOT_CONNECTED', 'BROKER_RATE_LIMITED', 'SERVICE_UNAVAILABLE'],
    handler: ({ position_id: positionId }, ctx) => {
      if (!autorollEnabled(ctx.services)) return errAsync(appError('AUTOROLL_DISABLED'));
      if (proposers.propose_exit === null && proposers.propose_roll === null) {
        return errAsync(
          appError('AUTOROLL_DISABLED', {
            message: 'Autoroll is switched on here, but this build has no propose_exit or propose_roll to make proposals with.',
          }),
        );
      }
      return scanOwner(ctx.caller.userId, ctx.services, positionId).andThen((scan) =>
        ResultAsync.fromSafePromise(proposeEach(firstPerPosition(scan.alerts), proposers, ctx)).map((outcomes) => ({
          proposals: outcomes.flatMap((o) => ('made' in o ? [o.made] : [])),
          skipped: outcomes.flatMap((o) => ('skipped' in o ? [o.skipped] : [])),
          notes: [...scan.notes],
        })),
      ).andThen(withAccount(ctx.services, ctx.caller.userId));
    },
  });
}

type Actionable = AutorollAlert & { readonly proposalCall: ProposalCall };

/** The first (most severe) alert of each position that has something to propose; the alerts come sorted by severity. */
const firstPerPosition = (alerts: readonly AutorollAlert[]): Actionable[] => {
  const actionable = alerts.filter((alert): alert is Actionable => alert.proposalCall !== null);
  return actionable.filter((alert, i) => actionable.findIndex((a) => a.positionId === alert.positionId) === i);
};

/** One proposal at a time, so two proposals never race for one position. */
async function proposeEach(alerts: readonly Actionable[], proposers: AutorollProposers, ctx: HandlerContext<'trading'>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const alert of alerts) outcomes.push(await propose(alert, proposers, ctx));
  return outcomes;
}

async function propose(alert: Actionable, proposers: AutorollProposers, ctx: HandlerContext<'trading'>): Promise<Outcome> {
  const { tool, arguments: args } = alert.proposalCall;
  const base = { position_id: alert.positionId, rule: alert.rule, tool };
  const skipped = (error: AppError['code'], message: string): Outcome => ({ skipped: { ...base, error, message } });
  const proposer = proposers[tool];
  if (proposer === null) return skipped('SERVICE_NOT_CONFIGURED', `${tool} is not available on this deployment.`);
  const parsed = v.safeParse(proposer.input, args);
  if (!parsed.success) return skipped('VALIDATION_ERROR', `${tool} did not accept ${JSON.stringify(args)}: ${parsed.issues[0].message}`);
  const made = await proposer.handler(parsed.output, ctx);
  if (made.isErr()) return skipped(made.error.code, made.error.message ?? made.error.code);
  const proposalId: unknown = (made.value as { proposal_id?: unknown }).proposal_id;
  return typeof proposalId === 'string' ? { made: { ...base, proposal_id: proposalId } } : skipped('INTERNAL_ERROR', `${tool} returned no proposal_id.`);
}

/** The catalogue's entry: proposals through the real propose_exit and propose_roll, when the deployment enables autoroll. */
export const executeIronCondorAutoroll = createExecuteAutoroll({ propose_exit: proposeExit, propose_roll: proposeRoll });
