import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ServiceUnit } from './deploy-files.js';

export interface UnitInstance {
  readonly port: number;
  /** Every line the process wrote on stderr (the journal's copy, under systemd). */
  readonly lines: string[];
  stop(): Promise<void>;
}

export interface UnitStart {
  readonly unit: ServiceUnit;
  /** What the EnvironmentFile= holds, parsed. */
  readonly environmentFile: Record<string, string>;
  /** The instance name (`%i`: the port). */
  readonly instance: string;
  /** A private folder standing for `%d`, where each LoadCredential= file is copied from `credentials`. */
  readonly credentialsDir: string;
  /** The contents of each credential's source file, by the path the unit names. */
  readonly credentials: Readonly<Record<string, string>>;
  /** The literals of WorkingDirectory= and ExecStart= that mean other things on this machine (`/opt/condor`, `/usr/bin/node`). */
  readonly paths: Readonly<Record<string, string>>;
  /** Variables a test adds on top (the simulated market's clock); empty in production. */
  readonly extra?: Readonly<Record<string, string>>;
}

/**
 * Starts one condor process the way systemd starts `condor@<instance>.service`: a clean environment of PATH, the
 * environment file and the unit's Environment= lines (`%i`, `%d` filled in), each LoadCredential= as a file of its
 * own (mode 0600) in a private folder, ExecStart= in WorkingDirectory=. Resolves once it says it listens.
 */
export async function startUnitInstance(start: UnitStart): Promise<UnitInstance> {
  const { unit, paths } = start;
  mkdirSync(start.credentialsDir, { recursive: true, mode: 0o700 });
  for (const credential of unit.credentials) {
    const contents = start.credentials[credential.path];
    if (contents === undefined) throw new Error(`no contents for the credential file ${credential.path}`);
    writeFileSync(join(start.credentialsDir, credential.name), contents, { mode: 0o600 });
  }
  const specifiers = (value: string): string => value.replaceAll('%i', start.instance).replaceAll('%d', start.credentialsDir);
  const environment = Object.fromEntries(Object.entries(unit.environment).map(([name, value]) => [name, specifiers(value)]));
  const local = (value: string): string => paths[value] ?? value;
  const [command, ...args] = unit.execStart.map(local);
  if (command === undefined) throw new Error('the unit has an empty ExecStart=');
  const child = spawn(command, args, {
    cwd: local(unit.workingDirectory),
    // The walk of the deployment test expects an order at the mid to fill at once (`extra` may say otherwise).
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...start.environmentFile, ...environment, CONDOR_SIM_FILLS: 'at_mid', ...start.extra },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => { fail(new Error(`condor@${start.instance} did not start:\n${lines.join('\n')}`)); }, 30_000);
    child.once('exit', (code) => { clearTimeout(timer); fail(new Error(`condor@${start.instance} exited with ${String(code)}:\n${lines.join('\n')}`)); });
    createInterface({ input: child.stderr }).on('line', (line) => {
      lines.push(line);
      const entry = parseLine(line);
      if (entry?.event === 'listening' && typeof entry.port === 'number') {
        clearTimeout(timer);
        done(entry.port);
      }
    });
  });
  return { port, lines, stop: () => stop(child) };
}

/** One log line as the JSON object it must be; null when it is not one. */
export function parseLine(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
