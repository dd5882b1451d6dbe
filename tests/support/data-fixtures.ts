// Local database fixtures (tests/data/fixtures/*.json): a device's IndexedDB as a released version
// wrote it, loaded by opening a Dexie with that version's schema and bulk-putting its rows.
//
//   writeFixture(file, dbName, vars) : Promise<void>
//
// In the rows, a string "{{name}}" is vars[name] (any value), "{{name}}" inside a longer string
// is its text, and an object {"$spread": "name", ...rest} is {...vars[name], ...rest}.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Dexie from 'dexie';
import { DB_VERSIONS } from '@/data';

interface Fixture {
  version: number;
  tables: Record<string, unknown[]>;
}

function fill(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const whole = /^\{\{(\w+)\}\}$/.exec(value);
    if (whole?.[1] !== undefined) return vars[whole[1]];
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === 'object') {
    const { $spread, ...rest } = value as Record<string, unknown>;
    const base = typeof $spread === 'string' ? (vars[$spread] as Record<string, unknown>) : {};
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(rest)) out[fill(k, vars) as string] = fill(v, vars);
    return out;
  }
  return value;
}

export async function writeFixture(
  file: string,
  dbName: string,
  vars: Record<string, unknown>,
): Promise<void> {
  const fixture = JSON.parse(
    readFileSync(join(import.meta.dirname, '../data/fixtures', file), 'utf8'),
  ) as Fixture;
  const old = new Dexie(dbName);
  for (const v of DB_VERSIONS.filter((v) => v.version <= fixture.version))
    old.version(v.version).stores(v.stores);
  await old.open();
  if (old.verno !== fixture.version) throw new Error(`${file}: opened at ${old.verno}`);
  for (const [table, rows] of Object.entries(fixture.tables))
    await old.table(table).bulkPut(fill(rows, vars) as unknown[]);
  old.close();
}
