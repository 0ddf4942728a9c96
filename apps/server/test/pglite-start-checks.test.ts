import { PGlite } from '@electric-sql/pglite';
import { ftruncateSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rememberFileSizes } from '../src/db/pglite-file-sizes.ts';
import { preparedQueries } from '../src/db/pglite-statements.ts';
import { copyTemplate, templateTar } from './pglite-templates.ts';

let pg: PGlite;
beforeAll(async () => {
  const start = await templateTar('empty');
  pg = new PGlite(start ? { loadDataDir: start } : {});
  await pg.waitReady;
  await pg.query(`CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)`);
  await pg.query(`INSERT INTO notes VALUES (1, 'पाठ 3'), (2, 'two')`);
}, 60_000);
afterAll(() => pg.close());

/** The same PGlite with some of its members changed, as a release that renamed or changed them would look. */
function changed(members: Record<string, unknown>): PGlite {
  return new Proxy(pg, {
    get(target, name) {
      if (typeof name === 'string' && name in members) return members[name];
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const read = (queries: Awaited<ReturnType<typeof preparedQueries>>) =>
  queries.query('SELECT id, body FROM notes WHERE id <= $1 ORDER BY id', [2]);
const rows = [
  { id: 1, body: 'पाठ 3' },
  { id: 2, body: 'two' },
];

describe('the embedded database’s start-up checks of PGlite’s internals (docs/decisions/062)', () => {
  it('find nothing to say about the PGlite this server is pinned to', async () => {
    const warn = vi.fn();
    expect(await read(await preparedQueries(pg, { warn }))).toEqual(rows);
    expect(warn).not.toHaveBeenCalled();
  });

  it('fall back to PGlite’s own query, and say so, when its locks or type maps are missing', async () => {
    const warn = vi.fn();
    const queries = await preparedQueries(changed({ runExclusive: undefined, serializers: undefined }), { warn });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/runExclusive, serializers.*PGlite's own query/);
    expect(await read(queries)).toEqual(rows);
  });

  it('read answers through PGlite’s reader, and say so, when its raw answers are not what the hand reader expects', async () => {
    const warn = vi.fn();
    // A release whose raw stream hands its bytes over some other way: the hand reader would see no rows.
    const silent = changed({
      execProtocolRawStream: (message: Uint8Array, options: object) =>
        pg.execProtocolRawStream(message, { ...options, onRawData: () => {} }),
    });
    const queries = await preparedQueries(silent, { warn });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/PGlite's own reader/);
    expect(await read(queries)).toEqual(rows);
  });
});

describe('the start-up check of the file sizes remembered (docs/decisions/062)', () => {
  it('leaves sizes to the disk, and says so, when the file system’s operations are not there', () => {
    const warn = vi.fn();
    const stranger = { Module: { FS: { open: () => {} }, NODEFS: { stream_ops: {}, node_ops: {} } } };
    rememberFileSizes(stranger as unknown as PGlite, warn);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/no FS\.isFile.*NODEFS\.stream_ops\.llseek.*asked of the disk/);
  });

  it('refuses to start when a file’s size changes outside what it follows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-size-check-'));
    await copyTemplate(join(dir, 'pglite'));
    const onDisk = new PGlite(join(dir, 'pglite'));
    try {
      await onDisk.waitReady;
      const { Module } = onDisk as unknown as { Module: { FS: Record<string, unknown> } & Record<string, unknown> };
      const getStream = Module.FS.getStream as (fd: number) => { nfd: number };
      // A release whose truncation no longer passes through the operations wrapped: straight to the real file.
      const FS = { ...Module.FS, ftruncate: (fd: number, length: number) => ftruncateSync(getStream(fd).nfd, length) };
      expect(() => rememberFileSizes({ Module: { ...Module, FS } } as unknown as PGlite, vi.fn())).toThrow(
        /after a truncation: 24676 bytes remembered, 4096 on disk\). Set PGLITE_FILE_SIZES=off/,
      );
    } finally {
      await onDisk.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
