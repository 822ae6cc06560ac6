import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployFile, REPO_ROOT } from './deployment/deploy-files.js';

/**
 * The README's "Deploy" section and docs/deploy.md show the files of deploy/ that deployment.pg.test.ts starts
 * nginx and the instances from: each block marked `<!-- copied from deploy/… -->` must be that file, byte for byte.
 */

const read = (path: string): string => readFileSync(resolve(REPO_ROOT, path), 'utf8');

/** The marked blocks of `markdown`: the file each names and the text of the fenced block after the mark. */
const copiedBlocks = (markdown: string): { file: string; text: string }[] =>
  [...markdown.matchAll(/^<!-- copied from deploy\/(\S+) -->\n```\w*\n([\s\S]*?)^```$/gm)].map((match) => ({ file: match[1] ?? '', text: match[2] ?? '' }));

const deployFiles = (dir = resolve(REPO_ROOT, 'deploy')): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? deployFiles(join(dir, entry.name)) : [relative(resolve(REPO_ROOT, 'deploy'), join(dir, entry.name))],
  );

describe('the deployment as documented is the deployment as tested', () => {
  it('the README’s Deploy section shows the environment file and the nginx site as deploy/ has them', () => {
    const section = /^## Deploy\n([\s\S]*?)^## /m.exec(read('README.md'))?.[1] ?? '';
    const blocks = copiedBlocks(section);
    expect(blocks.map((block) => block.file).sort()).toEqual(['condor.env', 'nginx/condor.conf']);
    for (const block of blocks) expect(block.text, block.file).toBe(deployFile(block.file));
  });

  it('docs/deploy.md shows every file of deploy/ as it is', () => {
    const blocks = copiedBlocks(read('docs/deploy.md'));
    expect(blocks.map((block) => block.file).sort()).toEqual(deployFiles().sort());
    for (const block of blocks) expect(block.text, block.file).toBe(deployFile(block.file));
  });
});
