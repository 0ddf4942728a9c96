import type { PGlite } from '@electric-sql/pglite';

/** The parts of Emscripten's file system that PGlite's data directory goes through (not in PGlite's types). */
interface FsNode {
  mode: number;
}
interface FsStream {
  node: FsNode;
}
type StreamOps = {
  llseek(stream: FsStream, offset: number, whence: number): number;
  write(stream: FsStream, buffer: Uint8Array, offset: number, length: number, position?: number): number;
  setattr(stream: FsStream, attr: unknown): void;
};
interface EmscriptenFs {
  FS: { isFile(mode: number): boolean; ErrnoError: new (errno: number) => Error };
  NODEFS: { stream_ops: StreamOps; node_ops: { setattr(node: FsNode, attr: unknown): void } };
}

const SEEK_END = 2;
const EINVAL = 28;

/**
 * PostgreSQL asks a relation file's size by seeking to its end, for every table it plans for or scans, several times
 * a statement; on PGlite's data directory each such seek is an `fstat` of the real file, about 15% of the embedded
 * database's thread under read load (docs/decisions/031). This PGlite is the only writer of its files
 * (data-dir-lock.ts), and every change of a file's size goes through the two operations wrapped here (a write, or a
 * truncation, which `fallocate` also becomes), so each file's size is asked of the disk once and then kept up to date.
 */
export function rememberFileSizes(pg: PGlite) {
  const { FS, NODEFS } = (pg as unknown as { Module: EmscriptenFs }).Module;
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
}
