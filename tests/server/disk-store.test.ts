// The disk file store fails a write as a rejected stage(), never as an uncaught stream error
// (which would end the server process): here its temp folder vanishes under it, as a full or
// broken disk would make a write fail.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskFileStore } from '@/server/files/disk-store';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe('disk file store', () => {
  it('rejects a stage whose file cannot be written, with no uncaught error', async () => {
    const root = mkdtempSync(join(tmpdir(), 'carry-disk-'));
    roots.push(root);
    const store = diskFileStore(root);
    rmSync(join(root, 'tmp'), { recursive: true, force: true });
    const pieces = Array.from({ length: 64 }, () => new Uint8Array(64 * 1024).fill(7));
    await expect(store.stage(pieces)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stages bytes under their hash, and a discard leaves nothing behind', async () => {
    const root = mkdtempSync(join(tmpdir(), 'carry-disk-'));
    roots.push(root);
    const store = diskFileStore(root);
    const staged = await store.stage([new Uint8Array([1, 2, 3])]);
    expect(staged.size).toBe(3);
    expect(staged.sha256).toBe('039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81');
    await staged.discard();
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);
  });
});
