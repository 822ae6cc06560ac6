import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The bytes of a server's SQLite files (the database, its WAL and shared memory) as text, to look for a secret in. */
export function databaseText(dataDir: string): string {
  return ['condor.db', 'condor.db-wal', 'condor.db-shm']
    .map((file) => join(dataDir, file))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file).toString('latin1'))
    .join('');
}
