import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusy, lockDataDir } from '../src/db/data-dir-lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded database's folder lock", () => {
  it('refuses a second holder while the first lives, and is free again once released', () => {
    const lock = lockDataDir(dir, 'server');
    expect(() => lockDataDir(dir, 'command line')).toThrow(DataDirBusy);
    lock.release();
    expect(existsSync(join(dir, 'portal.lock'))).toBe(false);
    lockDataDir(dir, 'command line').release();
  });

  it('leaves nothing behind on the process when released: opening and closing many times piles up no exit listeners', () => {
    const before = process.listenerCount('exit');
    for (let i = 0; i < 20; i++) lockDataDir(dir, 'server').release();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
