import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzip, type Unzipped } from 'fflate';
import { MAX_BYTES } from '../../media/index.ts';

/** Everything inside one zip together, unpacked: a zip bomb stops at this. */
export const MAX_UNZIPPED_BYTES = 2 * MAX_BYTES.pdf + 200 * 1024 * 1024;
const MAX_ENTRIES = 5000;

export class ZipProblem extends Error {}

/** A name that stays inside the folder it is unpacked into: no absolute path, drive, backslash or `..` (zip slip). */
const safeName = (name: string) =>
  !name.startsWith('/') &&
  !/^[a-z]:/i.test(name) &&
  !name.includes('\\') &&
  !name.includes('\0') &&
  name.split('/').every((part) => part !== '..');

/**
 * Unpacks a zipped content pack into a new temporary folder and answers it (the caller removes it). content.yaml
 * may sit at the top or in one folder (a zipped folder). Refuses what is not a zip, names that leave the folder and
 * more than MAX_UNZIPPED_BYTES unpacked, before writing anything.
 */
export async function unzipPack(bytes: Uint8Array): Promise<string> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new ZipProblem('the file is not a zip archive');
  let declared = 0;
  let entries = 0;
  let unsafe: string | undefined;
  const files = await new Promise<Unzipped>((resolve, reject) =>
    unzip(
      bytes,
      {
        filter: (entry) => {
          entries++;
          if (!safeName(entry.name)) unsafe ??= entry.name;
          declared += entry.originalSize;
          return safeName(entry.name) && declared <= MAX_UNZIPPED_BYTES && entries <= MAX_ENTRIES;
        },
      },
      (error, result) =>
        error ? reject(new ZipProblem(`the zip cannot be read (${error.message})`)) : resolve(result),
    ),
  );
  if (unsafe) throw new ZipProblem(`${unsafe} would be written outside the pack's folder`);
  if (entries > MAX_ENTRIES) throw new ZipProblem(`the zip holds more than ${MAX_ENTRIES} files`);
  const size = Object.values(files).reduce((sum, data) => sum + data.length, 0);
  if (declared > MAX_UNZIPPED_BYTES || size > MAX_UNZIPPED_BYTES) {
    throw new ZipProblem(`the zip unpacks to more than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB`);
  }
  const names = Object.keys(files).filter((name) => !name.endsWith('/') && !name.startsWith('__MACOSX/'));
  const yaml = names.filter((name) => /(^|\/)content\.yaml$/.test(name)).sort((a, b) => a.length - b.length)[0];
  if (yaml === undefined) throw new ZipProblem('the zip holds no content.yaml');
  const prefix = yaml.slice(0, -'content.yaml'.length);
  if (prefix.split('/').length > 2) throw new ZipProblem('content.yaml must be at the top of the zip or in one folder');

  const folder = await mkdtemp(join(tmpdir(), 'portal-pack-upload-'));
  try {
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const target = join(folder, name.slice(prefix.length));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, files[name]!);
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return folder;
}
