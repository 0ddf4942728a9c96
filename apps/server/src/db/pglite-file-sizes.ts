import type { PGlite } from '@electric-sql/pglite';

/** The parts of Emscripten's file system that PGlite's data directory goes through (not in PGlite's types). */
interface FsNode {
  mode: number;
}
interface FsStream {
  node: FsNode;
  fd: number;
}
type StreamOps = {
  llseek(stream: FsStream, offset: number, whence: number): number;
  write(stream: FsStream, buffer: Uint8Array, offset: number, length: number, position?: number): number;
  setattr(stream: FsStream, attr: unknown): void;
};
interface EmscriptenFs {
  FS: {
    isFile(mode: number): boolean;
    ErrnoError: new (errno: number) => Error;
    open(path: string, flags: string): FsStream;
    write(stream: FsStream, buffer: Uint8Array, offset: number, length: number, position: number): number;
    llseek(stream: FsStream, offset: number, whence: number): number;
    ftruncate(fd: number, length: number): void;
    stat(path: string): { size: number };
    close(stream: FsStream): void;
    unlink(path: string): void;
  };
  NODEFS: { stream_ops: StreamOps; node_ops: { setattr(node: FsNode, attr: unknown): void } };
  ENV?: { PGDATA?: string };
}

const SEEK_END = 2;
const EINVAL = 28;
const FS_FUNCTIONS = ['isFile', 'ErrnoError', 'open', 'write', 'llseek', 'ftruncate', 'stat', 'close', 'unlink'];
const STREAM_OPS = ['llseek', 'write', 'setattr'];

/** The members of Emscripten's file system that rememberFileSizes wraps or calls and does not find (the start-up check). */
export function missingFsMembers(module: unknown): string[] {
  const { FS, NODEFS } = (module ?? {}) as { FS?: Record<string, unknown>; NODEFS?: Record<string, unknown> };
  const streamOps = (NODEFS?.stream_ops ?? {}) as Record<string, unknown>;
  const nodeOps = (NODEFS?.node_ops ?? {}) as Record<string, unknown>;
  return [
    ...FS_FUNCTIONS.filter((name) => typeof FS?.[name] !== 'function').map((name) => `FS.${name}`),
    ...STREAM_OPS.filter((name) => typeof streamOps[name] !== 'function').map((name) => `NODEFS.stream_ops.${name}`),
    ...(typeof nodeOps.setattr === 'function' ? [] : ['NODEFS.node_ops.setattr']),
  ];
}

/**
 * PostgreSQL asks a relation file's size by seeking to its end, for every table it plans for or scans, several times
 * a statement; on PGlite's data directory each such seek is an `fstat` of the real file, about 15% of the embedded
 * database's thread under read load (docs/decisions/031). This PGlite is the only writer of its files
 * (data-dir-lock.ts), and every change of a file's size goes through the two operations wrapped here (a write, or a
 * truncation, which `fallocate` also becomes), so each file's size is asked of the disk once and then kept up to date.
 *
 * A PGlite whose file system lacks these members keeps asking the disk (`warn` says so). One whose files grow or
 * shrink some other way would hand PostgreSQL stale sizes: the scratch file's check throws instead (docs/decisions/062).
 */
export function rememberFileSizes(pg: PGlite, warn: (message: string) => void) {
  const module = (pg as unknown as { Module?: unknown }).Module;
  const missing = missingFsMembers(module);
  if (missing.length) {
    warn(
      `PGlite's file system has no ${missing.join(', ')} (docs/decisions/062): file sizes are asked of the disk each time`,
    );
    return;
  }
  const { FS, NODEFS, ENV } = module as EmscriptenFs;
  const ops = NODEFS.stream_ops;
  const { llseek, write, setattr } = ops;
  const nodeSetattr = NODEFS.node_ops.setattr;
  // Keyed by file, not by open descriptor: Emscripten gives every stream of one path the same node.
  const sizes = new WeakMap<FsNode, number>();

  ops.llseek = function (stream, offset, whence) {
    if (whence !== SEEK_END || !FS.isFile(stream.node.mode)) return llseek.call(this, stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) sizes.set(stream.node, (size = llseek.call(this, stream, 0, SEEK_END)));
    if (offset + size < 0) throw new FS.ErrnoError(EINVAL);
    return offset + size;
  };
  ops.write = function (stream, buffer, offset, length, position) {
    const written = write.call(this, stream, buffer, offset, length, position);
    const size = sizes.get(stream.node);
    if (size !== undefined) {
      if (typeof position !== 'number') sizes.delete(stream.node);
      else if (position + written > size) sizes.set(stream.node, position + written);
    }
    return written;
  };
  ops.setattr = function (stream, attr) {
    sizes.delete(stream.node);
    setattr.call(this, stream, attr);
  };
  NODEFS.node_ops.setattr = function (node, attr) {
    sizes.delete(node);
    nodeSetattr.call(this, node, attr);
  };
  checkSizes(FS, `${ENV?.PGDATA ?? '/pglite/data'}/portal-size-check`);
}

/** Grows, writes into and truncates a scratch file in the data directory: the size remembered must be the disk's. */
function checkSizes(FS: EmscriptenFs['FS'], path: string) {
  const stream = FS.open(path, 'w+');
  try {
    const page = new Uint8Array(8192).fill(1);
    FS.llseek(stream, 0, SEEK_END);
    const steps: [string, () => void][] = [
      ['a write that grows it', () => FS.write(stream, page, 0, page.length, 0)],
      ['a write past its end', () => FS.write(stream, page, 0, 100, 3 * page.length)],
      ['a write inside it', () => FS.write(stream, page, 0, 100, page.length)],
      ['a truncation', () => FS.ftruncate(stream.fd, 4096)],
      ['an extension (fallocate)', () => FS.ftruncate(stream.fd, 5 * page.length)],
    ];
    for (const [change, step] of steps) {
      step();
      const remembered = FS.llseek(stream, 0, SEEK_END);
      const onDisk = FS.stat(path).size;
      if (remembered !== onDisk)
        throw new Error(
          `PGlite's file system changed a file's size outside what pglite-file-sizes.ts follows (after ${change}: ` +
            `${remembered} bytes remembered, ${onDisk} on disk). Set PGLITE_FILE_SIZES=off and see docs/decisions/062.`,
        );
    }
  } finally {
    FS.close(stream);
    FS.unlink(path);
  }
}
