import { randomUUID } from 'node:crypto';
import { SqlProposalStore, type openSqlite } from '../../packages/store-sql/src/index.js';

/** The stores' database (SQLite or PostgreSQL), as the store package opens it. */
type Db = ReturnType<typeof openSqlite>;

/** A user the server benchmark sends as: its id and access token. */
export interface Trader {
  readonly userId: string;
  readonly token: string;
}

const PASSWORD = 'benchmark password';

async function call(baseUrl: string, method: string, path: string, body: unknown, token: string | null): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${JSON.stringify(answer)}`);
  return answer;
}

/** A registered, onboarded user with the simulated paper broker linked. */
export async function onboardedUser(baseUrl: string, email: string): Promise<Trader> {
  const { user_id: userId } = (await call(baseUrl, 'POST', '/v1/users', { email, password: PASSWORD }, null)) as { user_id: string };
  const { access_token: token } = (await call(baseUrl, 'POST', '/v1/sessions', { email, password: PASSWORD }, null)) as { access_token: string };
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call(baseUrl, 'GET', `/v1/legal-documents/${name}`, undefined, token);
  await call(baseUrl, 'POST', '/v1/onboarding/eua-acceptance', {}, token);
  await call(baseUrl, 'POST', '/v1/onboarding/risk-acknowledgement', {}, token);
  await call(baseUrl, 'POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token);
  return { userId, token };
}

/**
 * `count` onboarded users with the paper broker linked, registered 16 at a time: all at once, their password hashes
 * and requests would grow the server's heap (which V8 keeps) far beyond what the loads measured afterwards need.
 */
export async function traders(baseUrl: string, count: number, name = 'trader'): Promise<Trader[]> {
  const all: Trader[] = [];
  for (let first = 0; first < count; first += 16) {
    const batch = Array.from({ length: Math.min(16, count - first) }, (_, i) => onboardedUser(baseUrl, `${name}${String(first + i)}@bench.example`));
    all.push(...(await Promise.all(batch)));
  }
  return all;
}

/** The search windows the templates are drawn from: each ticker, near and far expiries, lower and higher deltas. */
const WINDOWS = ['SPY', 'QQQ', 'IWM', 'DIA', 'AAPL', 'MSFT', 'NVDA', 'AMZN'].flatMap((ticker) =>
  [
    { dte_min: 20, dte_max: 35 },
    { dte_min: 36, dte_max: 50 },
    { dte_min: 51, dte_max: 70 },
  ].flatMap((dte) => [0.08, 0.14, 0.2, 0.26].map((delta) => ({ ticker, ...dte, short_delta_min: delta, short_delta_max: delta + 0.06, top_k: 10 }))),
);

/**
 * `count` real entry proposals made by the first token's user, no two sharing a contract: a confirm refuses an
 * entry that opens a contract its owner already holds (design §5), so copies of one condor would be refused after
 * the first. Searches run over several tickers, expiry and delta windows; candidates are taken greedily.
 */
export async function templates(baseUrl: string, first: string, count: number): Promise<string[]> {
  const taken = new Set<string>();
  const ids: string[] = [];
  for (const window of WINDOWS) {
    const { candidates } = (await call(baseUrl, 'POST', '/v1/iron-condors/search', window, first)) as { candidates: { legs: Record<string, { occ_symbol: string }> }[] };
    for (const candidate of candidates) {
      if (ids.length === count) return ids;
      const symbols = Object.values(candidate.legs).map((leg) => leg.occ_symbol);
      if (symbols.some((symbol) => taken.has(symbol))) continue;
      const made = await fetch(`${baseUrl}/v1/proposals/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${first}` },
        body: JSON.stringify({ candidate, qty: 1 }),
      });
      const answer = (await made.json()) as { proposal_id?: string };
      if (!made.ok || answer.proposal_id === undefined) continue; // the risk gate refused it: take the next
      for (const symbol of symbols) taken.add(symbol);
      ids.push(answer.proposal_id);
    }
  }
  if (ids.length < count) throw new Error(`only ${String(ids.length)} disjoint candidates of ${String(count)} found`);
  return ids;
}

/**
 * Copies each template proposal once for each trader straight into the database (owned by that trader), stamped
 * 5.5 s in the past so the 5 s confirm floor has passed (the 60 s expiry has not), and gives each paper account
 * the cash to fill them all. Returns the copies, interleaved across traders so that concurrent confirms mostly
 * touch different accounts.
 */
export async function proposalsAhead(db: Db, all: readonly Trader[], templateIds: readonly string[]): Promise<{ token: string; id: string }[]> {
  const store = new SqlProposalStore(db);
  const createdAt = Date.now() - 5_500;
  const copies: { token: string; id: string }[][] = [];
  const rows = await db.selectFrom('proposals').selectAll().where('id', 'in', templateIds).execute();
  const originals = await Promise.all(rows.map(async (row) => store.get(row.owner_id, row.id)));
  for (const { userId: ownerId, token } of all) {
    await db.updateTable('paper_accounts').set({ cash: 1e12 }).where('owner_id', '=', ownerId).execute();
    const mine: { token: string; id: string }[] = [];
    await db.transaction().execute(async (trx) => {
      const inTransaction = new SqlProposalStore(trx);
      for (const original of originals) {
        if (original === undefined) throw new Error('a template proposal is missing');
        const id = randomUUID();
        await inTransaction.insert({ ...original, id, ownerId, positionId: randomUUID(), batchKey: null, createdAt });
        mine.push({ token, id });
      }
    });
    copies.push(mine);
  }
  return Array.from({ length: templateIds.length }, (_, i) => copies.map((mine) => mine[i])).flat().filter((c) => c !== undefined);
}
