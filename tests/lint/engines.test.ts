// package.json's engines tell the truth: every installed package supports the oldest Node it
// names (npm install prints no EBADENGINE there), and start refuses an older Node by name.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types.
import { nodeVersionProblem } from '../../scripts/node-engines.mjs';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));
// npm's own range semantics (semver is npm's, present wherever npm installed the tree).
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string };
};

describe('engines', () => {
  it('names a minimum that every locked package supports', () => {
    const oldest = semver.minVersion(pkg.engines.node).version;
    const unsupported = Object.entries(
      lock.packages as Record<string, { version?: string; engines?: unknown }>,
    )
      .filter(([path, p]) => path && typeof p.engines === 'object' && p.engines !== null)
      .map(([path, p]) => [path, p.version, (p.engines as { node?: string }).node] as const)
      .filter(([, , node]) => typeof node === 'string' && !semver.satisfies(oldest, node))
      .map(([path, version, node]) => `${path}@${version} needs ${node}`);
    expect(unsupported).toEqual([]);
  });

  it('tells a Node older than the minimum what to install, and lets newer ones start', () => {
    expect(nodeVersionProblem('>=20.19', '20.19.0')).toBeNull();
    expect(nodeVersionProblem('>=20.19', 'v22.1.0')).toBeNull();
    expect(nodeVersionProblem('>=20.19', '20.20.2')).toBeNull();
    expect(nodeVersionProblem('>=20.19', '20.18.3')).toMatch(
      /needs Node 20\.19 or newer.*this is Node 20\.18\.3/,
    );
    expect(nodeVersionProblem('>=20.19', 'v18.20.0')).toMatch(/this is Node 18\.20\.0/);
    expect(() => nodeVersionProblem('^20.19', '20.19.0')).toThrow(/minimum/);
  });

  it('start stops at once on a Node older than package.json says', () => {
    // The check reads the version of the Node running it: run it on this one against a minimum
    // one major above it.
    const newer = `>=${Number(process.versions.node.split('.')[0]) + 1}.0`;
    const script = `
      import { writeFileSync, mkdtempSync } from 'node:fs';
      import { tmpdir } from 'node:os';
      import { join } from 'node:path';
      import { pathToFileURL } from 'node:url';
      import { requireEngineNode } from ${JSON.stringify(new URL('scripts/node-engines.mjs', root).href)};
      const file = join(mkdtempSync(join(tmpdir(), 'engines-')), 'package.json');
      writeFileSync(file, JSON.stringify({ engines: { node: ${JSON.stringify(newer)} } }));
      requireEngineNode(pathToFileURL(file));
      console.log('started');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('started');
    expect(run.stderr).toContain(`Carry needs Node ${newer.slice(2)} or newer`);
  });
});
