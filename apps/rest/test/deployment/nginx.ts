import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's nginx (`apt-get install nginx`; .ci/run installs it); CONDOR_NGINX names another. */
export const NGINX_PATH = process.env.CONDOR_NGINX ?? '/usr/sbin/nginx';

export interface RunningNginx {
  /** The folder nginx runs in (its prefix): configuration, logs, pid and temporary files. */
  readonly prefix: string;
  /** The text of a file nginx writes under its prefix (e.g. the access log), '' while it has none. */
  read(file: string): string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx as a child process (not a daemon), on its own prefix folder made here: a main configuration of
 * the test's own that includes `site` (a file of the documented deployment), listening where `site` says. Resolves
 * once every port in `ports` accepts connections.
 *
 * @example const nginx = await startNginx(siteText, [httpsPort]); … await nginx.stop();
 */
export async function startNginx(site: string, ports: readonly number[]): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'condor-nginx-'));
  // Run as root, nginx's workers run as nobody: they must be able to reach the temporary folders in here.
  chmodSync(prefix, 0o755);
  writeFileSync(join(prefix, 'condor.conf'), site);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'error.log')} notice;`,
      'events { worker_connections 256; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(prefix, `${kind}_temp`)};`),
      `  access_log ${join(prefix, 'default.access.log')};`,
      `  include ${join(prefix, 'condor.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX_PATH, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const read = (file: string): string => (existsSync(join(prefix, file)) ? readFileSync(join(prefix, file), 'utf8') : '');
  try {
    await Promise.race([
      Promise.all(ports.map((port) => listening(port))),
      new Promise((_, fail) => child.once('exit', (code) => { fail(new Error(`nginx exited with ${String(code)}: ${output.join('')}${read('error.log')}`)); })),
    ]);
  } catch (error) {
    await stop(child);
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    prefix,
    read,
    stop: async () => {
      await stop(child);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

async function listening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => { socket.end(); done(true); });
      socket.once('error', () => { done(false); });
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${String(port)}`);
}

/** SIGTERM, nginx's fast shutdown: the master stops its workers and exits. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
