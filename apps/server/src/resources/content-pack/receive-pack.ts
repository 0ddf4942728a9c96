import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Why an uploaded pack was refused before it was opened: the client's mistake, answered with `status` and this message. */
export class PackUploadProblem extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** A zip starts with a local file header (PK 3 4) or, when it holds nothing, with the end record (PK 5 6). */
const isZipHead = (head: Buffer) =>
  head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));

/**
 * Streams an uploaded content-pack zip into a new temporary folder and answers the file's path, with `remove` to
 * delete it (the caller calls it whatever happens next). The body is never held whole in memory or parsed on the
 * server's thread: it is refused at its first bytes when they are not a zip's, and as soon as it passes `maxBytes`.
 * A refused or broken-off upload leaves nothing behind.
 */
export async function receivePack(
  body: NodeJS.ReadableStream,
  maxBytes: number,
): Promise<{ path: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-pack-zip-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  const path = join(folder, 'pack.zip');
  const check = new ZipCheck(maxBytes);
  const file = createWriteStream(path, { flags: 'wx' });
  try {
    await pipeline(body, check, file);
    check.finish();
    return { path, remove };
  } catch (error) {
    // Refused at its first bytes, the file may still be opening: it is created once that ends, so wait for it.
    if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
    await remove();
    if (error instanceof PackUploadProblem) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ECONNABORTED') {
      throw new PackUploadProblem(
        400,
        'file: the upload broke off before the whole zip arrived; nothing was stored. Please try again.',
      );
    }
    throw error;
  }
}

class ZipCheck extends Transform {
  bytes = 0;
  private head = Buffer.alloc(0);
  private zip = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(tooLarge(this.maxBytes));
      return;
    }
    if (!this.zip) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length >= 4) {
        if (!isZipHead(this.head)) {
          done(notZip());
          return;
        }
        this.zip = true;
      }
    }
    done(null, chunk);
  }

  /** Throws when the whole body was empty or too short to be a zip. */
  finish() {
    if (this.bytes === 0) throw new PackUploadProblem(400, 'file is empty');
    if (!this.zip) throw notZip();
  }
}

export const tooLarge = (maxBytes: number) =>
  new PackUploadProblem(413, `file is larger than ${maxBytes / 1024 / 1024} MB`);
const notZip = () => new PackUploadProblem(400, 'file: the file is not a zip archive');
