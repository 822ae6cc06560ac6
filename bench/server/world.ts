import { randomUUID } from 'node:crypto';
import { openSqlite, SqlProposalStore } from '../../packages/store-sql/src/index.js';

/** What the server benchmark sends with: a base URL and one user's token. */
export interface Trader {
  readonly token: string;
  readonly proposalId: string;
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

/** A registered, onboarded user with the simulated paper broker linked; its access token. */
export async function onboardedUser(baseUrl: string, email: string): Promise<string> {
  await call(baseUrl, 'POST', '/v1/users', { email, password: PASSWORD }, null);
  const { access_token: token } = (await call(baseUrl, 'POST', '/v1/sessions', { email, password: PASSWORD }, null)) as { access_token: string };
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call(baseUrl, 'GET', `/v1/legal-documents/${name}`, undefined, token);
  await call(baseUrl, 'POST', '/v1/onboarding/eua-acceptance', {}, token);
  await call(baseUrl, 'POST', '/v1/onboarding/risk-acknowledgement', {}, token);
  await call(baseUrl, 'POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token);
  return token;
}

/** `count` onboarded users with the paper broker linked: their access tokens. */
export const traders = (baseUrl: string, count: number): Promise<string[]> =>
  Promise.all(Array.from({ length: count }, (_, i) => onboardedUser(baseUrl, `trader${String(i)}@bench.example`)));

/** One real entry proposal (of the same SPY candidate) per token, to clone. */
export async function templates(baseUrl: string, tokens: readonly string[]): Promise<Trader[]> {
  const first = tokens[0] ?? '';
  const { candidates } = (await call(baseUrl, 'POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 }, first)) as {
    candidates: unknown[];
  };
  return Promise.all(
    tokens.map(async (token) => {
      const { proposal_id: proposalId } = (await call(baseUrl, 'POST', '/v1/proposals/entries', { candidate: candidates[0], qty: 1 }, token)) as { proposal_id: string };
      return { token, proposalId };
    }),
  );
}

/**
 * Copies each trader's proposal `perTrader` times straight into the database, stamped 5.5 s in the past so the
 * 5 s confirm floor has passed (the 60 s expiry has not), and gives each paper account the cash to fill them all.
 * Returns the copies, interleaved across traders so that concurrent confirms mostly touch different accounts.
 */
export async function proposalsAhead(databaseFile: string, all: readonly Trader[], perTrader: number): Promise<{ token: string; id: string }[]> {
  const db = openSqlite(databaseFile);
  const store = new SqlProposalStore(db);
  const createdAt = Date.now() - 5_500;
  const copies: { token: string; id: string }[][] = [];
  try {
    for (const trader of all) {
      const row = await db.selectFrom('proposals').select('owner_id').where('id', '=', trader.proposalId).executeTakeFirstOrThrow();
      const original = await store.get(row.owner_id, trader.proposalId);
      if (original === undefined) throw new Error('the template proposal is missing');
      await db.updateTable('paper_accounts').set({ cash: 1e12 }).where('owner_id', '=', row.owner_id).execute();
      const mine: { token: string; id: string }[] = [];
      await db.transaction().execute(async (trx) => {
        const inTransaction = new SqlProposalStore(trx);
        for (let i = 0; i < perTrader; i++) {
          const id = randomUUID();
          await inTransaction.insert({ ...original, id, positionId: randomUUID(), batchKey: null, createdAt });
          mine.push({ token: trader.token, id });
        }
      });
      copies.push(mine);
    }
  } finally {
    await db.destroy();
  }
  return Array.from({ length: perTrader }, (_, i) => copies.map((mine) => mine[i])).flat().filter((c) => c !== undefined);
}
