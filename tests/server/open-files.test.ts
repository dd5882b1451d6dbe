// The process's stream budget from its open-files limit (issue 27): the limit is read as it is in
// force (Node raises the soft limit to the hard one as it starts), a reserve stays for ordinary
// requests, and a server started under a low limit says what it can hold and how to raise it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProcLimits, readOpenFilesLimit, streamBudget } from '@/server/live/open-files';
import { until } from '../support/until';

const PROC_LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('the open-files limit', () => {
  it('is read from /proc/<pid>/limits, "unlimited" included', () => {
    expect(parseProcLimits(PROC_LIMITS)).toEqual({ soft: 1024, hard: 524288 });
    expect(
      parseProcLimits('Max open files            unlimited            unlimited            files'),
    ).toEqual({
      soft: Number.POSITIVE_INFINITY,
      hard: Number.POSITIVE_INFINITY,
    });
    expect(parseProcLimits('Max processes 10 10')).toBeNull();
  });

  it("is this process's, already raised to the hard limit", () => {
    const limit = readOpenFilesLimit();
    if (process.platform === 'win32') return expect(limit).toBeNull();
    expect(limit?.soft).toBe(limit?.hard);
  });

  it('leaves a quarter, and at least 256, to everything but streams', () => {
    expect(streamBudget(1024)).toBe(768);
    expect(streamBudget(20_000)).toBe(15_000);
    expect(streamBudget(300)).toBe(44);
    expect(streamBudget(100)).toBe(0);
    expect(streamBudget(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe.skipIf(process.platform === 'win32')('a server started under a low limit', () => {
  it('runs with the soft limit raised to the hard one, sizes its streams under it and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carry-nofile-'));
    // A shell lowers both limits for the server alone, as a service manager would.
    const child = spawn(
      'sh',
      [
        '-c',
        `ulimit -Sn 512 && ulimit -Hn 1024 && exec "${process.execPath}" --import tsx src/server/main.ts`,
      ],
      {
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATA_DIR: join(dir, 'data'),
          PORT: '0',
          HOST: '127.0.0.1',
          STATIC_DIR: '',
        },
      },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    try {
      await until(() => /listening on/.test(output) || child.exitCode !== null, {
        timeoutMs: 60_000,
        what: 'the server listens',
      });
      const info = output.split('\n').find((line) => line.includes('"streamsMax"'));
      expect(JSON.parse(info ?? '{}')).toMatchObject({
        openFiles: { soft: 1024, hard: 1024 },
        streamsMax: 768,
        streamsPerAddress: 200,
      });
      expect(output).toMatch(
        /"level":"warn","openFiles":"limit 1024 leaves 768 live streams: raise the hard limit/,
      );
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
