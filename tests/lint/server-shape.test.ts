// The server's resource folders keep one shape (CONTRIBUTING.md, "A new resource or route"): in
// src/server/routes/<name>/, `<name>.index.ts` wires the paths to handlers (exporting the
// `...Routes(deps)` app.ts mounts), the handlers live in `<name>.handlers.ts` (or, split by part,
// `<name>.<part>.handlers.ts`), and every other file is `<name>.<what>.ts`, used by that folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const routes = join(import.meta.dirname, '../../src/server/routes');
const folders = readdirSync(routes, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** The import-zones test writes its fixtures into a routes folder while it runs. */
const filesOf = (name: string) =>
  readdirSync(join(routes, name)).filter((f) => !f.startsWith('zone-fixture-'));

describe('server resource folders', () => {
  it('has resource folders to check', () => {
    expect(folders.length).toBeGreaterThan(10);
  });
  for (const name of folders) {
    it(`${name}: <name>.index.ts wiring, handlers files, every file named <name>.<what>.ts`, () => {
      const files = filesOf(name);
      expect(files).toContain(`${name}.index.ts`);
      expect(files.filter((f) => /^[a-z-]+(\.[a-z-]+)?\.handlers\.ts$/.test(f)).length).toBeGreaterThan(0);
      expect(files.filter((f) => !f.startsWith(`${name}.`))).toEqual([]);
      const index = readFileSync(join(routes, name, `${name}.index.ts`), 'utf8');
      expect(index).toMatch(/export function \w+Routes\(deps: Deps\)/);
    });
  }
});
