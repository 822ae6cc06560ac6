/**
 * `pnpm bench`: runs every benchmark on this machine and rewrites docs/benchmarks.md. Each result is a
 * ratio against a baseline measured in the same run, so numbers from different machines compare.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { instancesReport } from './instances.bench.js';
import { searchReport } from './search.bench.js';
import { serverReport } from './server.bench.js';
import { strategyReport } from './strategy.bench.js';
import { targetsTable } from './targets.js';

const header = [
  '# Benchmarks',
  '',
  `Measured by \`pnpm bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${String(cpus().length)} × ${cpus()[0]?.model ?? 'unknown CPU'}.`,
  'Timings are wall-clock medians after warm-up; the speed-up is against a baseline run in the same process.',
  '',
].join('\n');

const strategies = await strategyReport();
const server = await serverReport();
const instances = await instancesReport();
const search = searchReport();
const sections = [search, strategies, server, instances];
const report = `${header}\n${targetsTable(sections)}\n\n${sections.map((s) => s.text).join('\n\n')}\n`;
writeFileSync(new URL('../docs/benchmarks.md', import.meta.url), report);
process.stdout.write(report);
