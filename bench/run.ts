/**
 * `pnpm bench`: runs every benchmark on this machine and rewrites docs/benchmarks.md. Each result is a
 * ratio against a baseline measured in the same run, so numbers from different machines compare.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { instancesReport } from './instances.bench.js';
import { sampleMachineLoad } from './machine-load.js';
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

const machineLoad = sampleMachineLoad();
const strategies = await strategyReport();
const server = await serverReport();
const instances = await instancesReport();
const search = searchReport();
machineLoad.stop();
const sections = [search, strategies, server, instances];
/** What bounds the targets not met, from profiles: written by hand (bench/bounds.md), placed under the table. */
const bounds = readFileSync(new URL('bounds.md', import.meta.url), 'utf8').trim();
const report = `${header}\n${targetsTable(sections, machineLoad.summary())}\n\n${bounds}\n\n${sections.map((s) => s.text).join('\n\n')}\n`;
writeFileSync(new URL('../docs/benchmarks.md', import.meta.url), report);
process.stdout.write(report);
