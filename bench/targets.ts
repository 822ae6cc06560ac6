/** One figure of the targets: what was measured, its value, the goal, and whether it was met (null: no goal). */
export interface Target {
  readonly figure: string;
  readonly value: string;
  readonly goal: string;
  readonly met: boolean;
}

/** A section of docs/benchmarks.md and the target figures it measured. */
export interface Section {
  readonly text: string;
  readonly targets: readonly Target[];
}

/** The targets of every section as one table, at the top of the report. */
export function targetsTable(sections: readonly Section[]): string {
  const rows = sections.flatMap((s) => s.targets);
  const met = rows.filter((t) => t.met).length;
  return [
    '## Targets (issue 30)',
    '',
    `${String(met)} of ${String(rows.length)} met in this run; each is measured in a section below, ratios within this one run.`,
    '',
    '| figure | this run | target | |',
    '|---|---|---|---|',
    ...rows.map((t) => `| ${t.figure} | ${t.value} | ${t.goal} | ${t.met ? 'met' : '**not met**'} |`),
  ].join('\n');
}
