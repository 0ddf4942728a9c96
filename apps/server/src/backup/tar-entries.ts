import { createReadStream } from 'node:fs';
import * as tar from 'tar';

/**
 * The entries of a (gzipped) tar file, one at a time, as the file is read: the reading waits while an entry's data is
 * not consumed, so memory holds one entry at most. Whatever the caller leaves of an entry is skipped. A damaged file
 * throws (strict).
 */
export async function* tarEntries(file: string): AsyncGenerator<tar.ReadEntry> {
  const parser = new tar.Parser({ strict: true });
  const input = createReadStream(file);
  const waiting: tar.ReadEntry[] = [];
  let ended = false;
  let failure: unknown;
  let wake = () => {};
  const fail = (error: unknown) => {
    failure ??= error;
    wake();
  };
  parser.on('entry', (entry: tar.ReadEntry) => {
    waiting.push(entry);
    wake();
  });
  parser.on('error', fail);
  input.on('error', fail);
  parser.on('end', () => {
    ended = true;
    wake();
  });
  input.pipe(parser);
  try {
    for (;;) {
      if (failure) throw failure;
      const entry = waiting.shift();
      if (entry) {
        yield entry;
        entry.resume();
      } else if (ended) {
        return;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  } finally {
    input.destroy();
  }
}

/** An entry's whole data as text (entries of rows are one batch each; the manifest is small). */
export async function entryText(entry: tar.ReadEntry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
