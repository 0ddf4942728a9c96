import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { storeUpload, UploadProblem } from '../src/media/store-upload.ts';

describe('storeUpload', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it('leaves no temporary file behind when it refuses a file at its first bytes, before the file has even opened', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'store-upload-'));
    folders.push(folder);
    const notPdf = Buffer.from('just some text that is no PDF at all, long enough for its kind to be told');
    // Refused at once, the file may still be opening: once in a few dozen tries, it was created after its removal.
    const answers: unknown[] = [];
    for (let i = 0; i < 300; i++)
      answers.push(
        await storeUpload(Readable.from([notPdf]), folder, 'pdf', 1_000_000).catch((error: unknown) => error),
      );
    expect(answers.every((answer) => answer instanceof UploadProblem && answer.status === 415)).toBe(true);
    expect(await readdir(folder)).toEqual([]);
  });
});
