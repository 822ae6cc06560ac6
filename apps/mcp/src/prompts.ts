import { CONFIRM_FLOOR_S, PROPOSAL_TTL_S, renderError, Ticker, type AppError, type ToolName } from '@condor/core';
import { ProtocolError, ProtocolErrorCode, type GetPromptResult, type Prompt, type Server, type ServerContext } from '@modelcontextprotocol/server';
import * as v from 'valibot';
import type { Offer } from './offer.js';
import { protocolFailure } from './protocol-failure.js';
import type { ScopedCall } from './scoped-call.js';

/** A tool name as prompts write it: in backticks, checked against the catalogue's names. */
const tool = (name: ToolName): string => `\`${name}\``;

const APPROVAL = `only after the user explicitly approves it, in a later turn, call ${tool('confirm_proposal')} with its proposal_id (${String(CONFIRM_FLOOR_S)} to ${String(PROPOSAL_TTL_S)} seconds after the proposal; never in the same turn)`;

interface PromptSpec {
  readonly prompt: Prompt;
  /** The tools the prompt needs: it is offered only where all of them are, and asked only by a caller who may call them all. */
  readonly needs: readonly ToolName[];
  /** The arguments the prompt has the agent pass to a tool of `needs` whose scope depends on them. */
  readonly inputs?: Partial<Record<ToolName, Readonly<Record<string, unknown>>>>;
  text(args: Readonly<Record<string, string>>, offer: Offer): string;
}

const weeklyScan: PromptSpec = {
  prompt: {
    name: 'weekly_condor_scan',
    title: 'Weekly iron-condor scan',
    description: 'Find this week’s iron condors on a ticker with your saved rules (or freshly backtested ones) and lay them out for a decision.',
    arguments: [{ name: 'ticker', description: 'A US equity or ETF symbol, e.g. SPY.', required: true }],
  },
  needs: ['get_saved_strategies', 'create_strategy', 'save_strategy', 'activate_saved_strategy', 'find_iron_condors'],
  text: (args, offer) => {
    const ticker = tickerOf(args);
    const trade = offer.has('propose_entry') && offer.has('confirm_proposal')
      ? `5. Trade nothing unless the user picks a candidate and asks. Then call ${tool('propose_entry')} with that candidate exactly as ` +
        `${tool('find_iron_condors')} returned it and the quantity the user names, show the proposal's summary, limit price and max loss, and ${APPROVAL}.`
      : '5. This server offers no trading tools: present the candidates and stop there.';
    return [
      `Run this week's iron-condor scan of ${ticker}. Call the condor tools in this order:`,
      `1. ${tool('get_saved_strategies')}: look for the active saved strategy of ${ticker}.`,
      `2. If there is none: ${tool('create_strategy')} with ticker "${ticker}" (it backtests rule sets and reports progress), then ` +
        `${tool('save_strategy')} with strategy_rank 1 and the run_id it returned, then ${tool('activate_saved_strategy')} with the new saved_strategy_id.`,
      `3. ${tool('find_iron_condors')} with the saved_strategy_id of the active ${ticker} strategy.`,
      '4. Show the top candidates as a table: expiry, the four strikes, net credit, max loss, probability of profit and return on risk. ' +
        'If the answer carries a market_notice, say that the prices are simulated.',
      trade,
    ].join('\n');
  },
};

const reviewPositions: PromptSpec = {
  prompt: {
    name: 'review_open_positions',
    title: 'Review open positions',
    description: 'Go through your open iron condors with their live P/L, working orders and management alerts, and decide what to do with each.',
  },
  needs: ['get_positions', 'suggest_iron_condor_autoroll', 'positions', 'propose_exit', 'propose_roll', 'confirm_proposal'],
  inputs: { positions: { action: 'orders' } },
  text: () =>
    [
      'Review my open iron condors. Call the condor tools in this order:',
      `1. ${tool('get_positions')}: every open position with its legs, current value, unrealised P/L and days to expiry.`,
      `2. ${tool('suggest_iron_condor_autoroll')}: the management alerts (take profit, 21 DTE, a tested short strike, stop loss, pin risk), ` +
        `most severe first, each with the exact ${tool('propose_exit')} or ${tool('propose_roll')} call that would act on it.`,
      `3. ${tool('positions')} with action "orders": orders still working (an entry, exit or roll not yet filled).`,
      '4. Summarise each position: P/L, days to expiry, its alerts and any working order, and recommend what to do and why.',
      `5. Change nothing unless I ask. To act on an alert, make the proposal it names, show me its summary and max loss, and ${APPROVAL}.`,
    ].join('\n'),
};

const onboarding: PromptSpec = {
  prompt: {
    name: 'onboarding',
    title: 'Get set up to trade',
    description: 'Walk through onboarding: read and accept the End-User Agreement and the risk disclosure, then link a broker.',
  },
  needs: ['get_onboarding_status', 'get_legal_document', 'accept_eua', 'acknowledge_risk', 'set_broker_keys', 'connect_broker'],
  text: () =>
    [
      'Walk me through setting up condor for trading, one step at a time. Never accept, acknowledge or confirm anything for me without my explicit yes.',
      `1. ${tool('get_onboarding_status')}: where I am, and which tool comes next (next_tool). If it answers UNAUTHORIZED, I must sign in ` +
        'first: ask me whether to register or log in, or to give this client an access token.',
      `2. ${tool('get_legal_document')} with name "eua" (or read the resource condor://legal/eua): show me the End-User Agreement in full ` +
        `and ask whether I accept it. Only on my yes: ${tool('accept_eua')}.`,
      `3. ${tool('get_legal_document')} with name "risk-disclosure": show it in full, ask, and only on my yes: ${tool('acknowledge_risk')}.`,
      `4. ${tool('get_legal_document')} with name "broker-authorization": show it and ask whether I authorize linking a broker. On my yes: ` +
        `${tool('connect_broker')} with authorization_confirmed true and broker "sim" (the simulated paper broker, no keys), or broker ` +
        `"alpaca" once my keys are stored with ${tool('set_broker_keys')}; suggest I enter keys through the REST API rather than in this conversation, so they stay out of the transcript.`,
      `5. ${tool('get_onboarding_status')} again, to show that onboarding is complete.`,
    ].join('\n'),
};

/** The prompts a user picks from a menu, in menu order. */
const PROMPTS: readonly PromptSpec[] = [weeklyScan, reviewPositions, onboarding];

const invalidParams = (message: string): ProtocolError => new ProtocolError(ProtocolErrorCode.InvalidParams, message);

function tickerOf(args: Readonly<Record<string, string>>): string {
  const raw = args.ticker;
  if (raw === undefined || raw.trim() === '') throw invalidParams('The weekly_condor_scan prompt needs a ticker, e.g. SPY.');
  const parsed = v.safeParse(Ticker, raw);
  if (!parsed.success) throw invalidParams('ticker must be a US equity or ETF symbol of 1 to 5 letters, e.g. SPY or BRK.B.');
  return parsed.output;
}

const offeredPrompts = (offer: Offer): PromptSpec[] => PROMPTS.filter((spec) => spec.needs.every((name) => offer.has(name)));

const callsOfPrompt = (spec: PromptSpec): ScopedCall[] => spec.needs.map((tool) => ({ tool, input: spec.inputs?.[tool] ?? {} }));

/**
 * The tool calls the prompt `name` has the agent make (so the scopes asking for it needs), or null when no such
 * prompt is offered. The weekly scan's closing trade step is not among them: it is optional, and the scan is research.
 */
export function promptCalls(name: string, offer: Offer): ScopedCall[] | null {
  const spec = offeredPrompts(offer).find((candidate) => candidate.prompt.name === name);
  return spec === undefined ? null : callsOfPrompt(spec);
}

/**
 * What prompts/get asks before it renders a prompt: the scope gate's refusal of the first of `calls` the request's caller
 * may not make, or null — for a caller who may make them all, and for a request that acts for no one (a prompt is text
 * anyone may read).
 */
export type PromptScopeGate = (calls: readonly ScopedCall[], ctx: ServerContext) => Promise<AppError | null>;

/**
 * Serves the prompts on `server`: each is one user message telling the agent which condor tools to call
 * in which order. A prompt is offered only where every tool it needs is (CONDOR_MCP_TOOLSETS), and a caller whose
 * credential may not call them all is refused it for scope (FORBIDDEN), as a call of the first such tool would be.
 */
export function servePrompts(server: Server, offer: Offer, gate: PromptScopeGate): void {
  const offered = offeredPrompts(offer);

  server.setRequestHandler('prompts/list', () => ({ prompts: offered.map((spec) => spec.prompt) }));

  server.setRequestHandler('prompts/get', async (request, ctx): Promise<GetPromptResult> => {
    const spec = offered.find((candidate) => candidate.prompt.name === request.params.name);
    if (spec === undefined) throw invalidParams(`Unknown prompt '${request.params.name.slice(0, 100)}'. List the prompts with prompts/list.`);
    const refused = await gate(callsOfPrompt(spec), ctx);
    if (refused !== null) {
      throw protocolFailure(renderError({ ...refused, message: `The ${spec.prompt.name} prompt has the agent call tools this credential may not: ${refused.message ?? ''}` }));
    }
    const text = spec.text(request.params.arguments ?? {}, offer);
    return { description: spec.prompt.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
  });
}
