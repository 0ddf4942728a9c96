import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileKind, KIND_NAMES, megabytes, SNIFF_BYTES, sniff } from './file-kinds.ts';
import { PdfScan } from './pdf-scan.ts';

/** Why an upload was refused: the client's mistake, answered with `status` and this message. */
export class UploadProblem extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export interface StoredUpload {
  /** The generated name it is stored under: its content's hash and the extension its content shows. */
  name: string;
  bytes: number;
  /** A PDF that asks for a password before it opens. */
  passwordProtected: boolean;
  /** Whether this upload put the file there (false: the same file was stored before). */
  created: boolean;
}

/**
 * Checks an upload as it streams in and stores it in `folder` under a generated name (`prefix` + hash): the first
 * bytes must show `expected` (refused at once otherwise), it must stay within `maxBytes`, and a PDF must be whole.
 * It is written to a temporary name first and renamed only when all is well, so a refused, oversized or broken-off
 * upload leaves nothing behind. The same file uploaded twice is the same stored file.
 */
export async function storeUpload(
  body: NodeJS.ReadableStream,
  folder: string,
  expected: FileKind,
  maxBytes: number,
  prefix = '',
): Promise<StoredUpload> {
  await mkdir(folder, { recursive: true });
  const partial = join(folder, `.upload-${randomUUID()}.part`);
  const check = new UploadCheck(expected, maxBytes);
  const file = createWriteStream(partial, { flags: 'wx' });
  try {
    await pipeline(body, check, file);
    const ext = check.finish();
    const name = `${prefix}${check.hash.digest('hex').slice(0, 32)}.${ext}`;
    const target = join(folder, name);
    const existed = (await stat(target).catch(() => undefined)) !== undefined;
    if (existed) await rm(partial, { force: true });
    else await rename(partial, target);
    return { name, bytes: check.bytes, passwordProtected: check.pdf?.encrypted ?? false, created: !existed };
  } catch (error) {
    // Refused at its first bytes, the file may still be opening: it is created once that ends, so wait for it.
    if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
    await rm(partial, { force: true });
    if (error instanceof UploadProblem) throw error;
    // The client went away or the stream broke off: nothing was stored.
    if (
      (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      (error as NodeJS.ErrnoException).code === 'ECONNRESET'
    ) {
      throw new UploadProblem(
        400,
        'The upload broke off before the whole file arrived; nothing was stored. Please try again.',
      );
    }
    throw error;
  }
}

class UploadCheck extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  pdf: PdfScan | undefined;
  private head = Buffer.alloc(0);
  private ext: string | undefined;

  constructor(
    private readonly expected: FileKind,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(
        new UploadProblem(
          413,
          `The file is larger than ${megabytes(this.maxBytes)} MB, the largest ${this.expected} accepted.`,
        ),
      );
      return;
    }
    if (this.ext === undefined) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length >= SNIFF_BYTES) {
        const problem = this.sniffHead();
        if (problem) {
          done(problem);
          return;
        }
      }
    }
    this.hash.update(chunk);
    this.pdf?.update(chunk);
    done(null, chunk);
  }

  private sniffHead(): UploadProblem | undefined {
    const type = sniff(this.head);
    if (!type || type.kind !== this.expected)
      return new UploadProblem(415, `This is not ${KIND_NAMES[this.expected]} (by its content).`);
    this.ext = type.ext;
    if (type.kind === 'pdf') this.pdf = new PdfScan();
    return undefined;
  }

  /** The extension to store it under, once every byte has passed; throws when the file is empty, too short or broken. */
  finish(): string {
    if (this.ext === undefined) {
      if (this.bytes === 0) throw new UploadProblem(400, 'The file is empty.');
      const problem = this.sniffHead();
      if (problem) throw problem;
    }
    if (this.pdf && !this.pdf.complete)
      throw new UploadProblem(400, 'This PDF is cut short (it has no end marker); upload the whole file.');
    return this.ext!;
  }
}
