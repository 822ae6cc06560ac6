import { join } from 'node:path';
import { openSqlite } from '../../packages/store-sql/src/index.js';
import { load, type Load, type LoadSpec, type ProposalAhead } from './load.js';
import { cpuSeconds, peakRssMb, resetPeakRss, type BenchProcess } from './processes.js';
import { proposalsAhead, traders } from './world.js';

/** A confirm run: its load figures, how many proposals it had, and the CPU time per confirm of the server and of autocannon. */
export type Confirms = Load & { readonly total: number; readonly cpuUsPerConfirm: number; readonly clientUsPerConfirm: number };

/** Who confirms: `traders` new users (named `name…`), each with a copy of every template proposal. */
export interface ConfirmWorld {
  readonly name: string;
  readonly traders: number;
  readonly templateIds: readonly string[];
}

/** How the proposals are confirmed: REST's `confirmSpec` or MCP's `mcpConfirmSpec`. */
type ConfirmSpec = (baseUrl: string, ahead: readonly ProposalAhead[], connections: number) => LoadSpec;

/**
 * confirm_proposal at `connections` against condor on its SQLite file under `dataDir`, each request a different
 * proposal copied ahead into the database, past its 5 s floor (see `proposalsAhead`). The server's peak RSS is
 * counted afresh from the end of this setup.
 */
export async function confirmRun(condor: BenchProcess, dataDir: string, world: ConfirmWorld, spec: ConfirmSpec, connections: number): Promise<Confirms> {
  const owners = await traders(condor.baseUrl, world.traders, world.name);
  const db = openSqlite(join(dataDir, 'condor.db'));
  const ahead = await proposalsAhead(db, owners, world.templateIds).finally(() => db.destroy());
  process.stderr.write(`server bench: ${world.name} set up, peak RSS so far ${peakRssMb(condor.pid).toFixed(0)} MB; counted afresh from here\n`);
  resetPeakRss(condor.pid);
  const [cpuBefore, clientBefore] = [cpuSeconds(condor.pid), process.cpuUsage()];
  const result = await load(spec(condor.baseUrl, ahead, connections));
  const cpuUsPerConfirm = ((cpuSeconds(condor.pid) - cpuBefore) * 1e6) / ahead.length;
  const client = process.cpuUsage(clientBefore);
  const clientUsPerConfirm = (client.user + client.system) / ahead.length;
  process.stderr.write(`server bench: ${world.name} ${Math.round(result.perSecond).toString()}/s, server CPU ${cpuUsPerConfirm.toFixed(0)} µs and autocannon's ${clientUsPerConfirm.toFixed(0)} µs per confirm\n`);
  return { ...result, total: ahead.length, cpuUsPerConfirm, clientUsPerConfirm };
}

/** A run's error as a value, so that the report says why a figure is missing. */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
