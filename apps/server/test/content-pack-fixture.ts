import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Bytes that are what they claim by their first bytes (all the importer looks at), with a tag so files differ. */
export const fakeFile = {
  png: (tag: string) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`png ${tag}`)]),
  jpeg: (tag: string) => Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from(`jpeg ${tag}`)]),
  webm: (tag: string) => Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.from(`webm ${tag}`.padEnd(16, '.'))]),
  mp4: (tag: string) => Buffer.concat([Buffer.from('00000018', 'hex'), Buffer.from(`ftypisom ${tag}`)]),
  pdf: (tag: string) => Buffer.from(`%PDF-1.4\n% ${tag}\n%%EOF\n`),
};

export const goodYaml = `subjects:
  - name: Physics
    thumbnail: pictures/physics.png
    chapters:
      - name: Units and Measurements
        topics:
          - name: Significant figures
            video: videos/sig-figs.webm        # or an https YouTube, Vimeo or .m3u8 address
          - name: Vernier callipers
            video: https://www.youtube.com/watch?v=LXb3EKWsInQ
        materials:
          - title: Formula handbook
            file: pdfs/handbook.pdf
            password: optional-password
        quizzes:
          - name: Units quiz
            pass_marks: 3
            allow_retake: true
            questions:
              - question: How many significant figures in 0.00450?
                options: ["2", "3", "4", "6"]
                answer: 2                      # position of the right option, from 1
                marks: 1
              - question: The SI unit of length?
                options: [metre, foot, inch]
                answer: 1
                marks: 2
    batches:
      - name: Morning batch
        classes:
          - name: Vectors, live
            tutor: A. Kumar
            starts_at: 2026-12-01 09:00        # in INSTITUTE_TIMEZONE
            duration_minutes: 60
            link: https://meet.example.com/abc
news:
  - heading: Exam schedule
    body: <p>Exams start on 1 December.</p>
    picture: pictures/exam.png
    published_at: 2026-11-20 10:00
`;

/** Writes a pack folder: content.yaml and the files it names (override or add files by name). */
export async function writePack(folder: string, yaml = goodYaml, extra: Record<string, Buffer | string> = {}) {
  const files: Record<string, Buffer | string> = {
    'pictures/physics.png': fakeFile.png('physics'),
    'pictures/exam.png': fakeFile.png('exam'),
    'videos/sig-figs.webm': fakeFile.webm('sig-figs'),
    // Encrypted, as its password in content.yaml says: its trailer names an /Encrypt dictionary.
    'pdfs/handbook.pdf': Buffer.from('%PDF-1.4\n% handbook\ntrailer\n<< /Size 5 /Encrypt 4 0 R >>\n%%EOF\n'),
    ...extra,
  };
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'content.yaml'), yaml);
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(dirname(join(folder, name)), { recursive: true });
    await writeFile(join(folder, name), bytes);
  }
  return folder;
}

/** "Billion laughs": nine levels of nine aliases each, 9^9 copies of one line if a reader expanded them all. */
export const aliasBombYaml =
  [
    'lol0: &lol0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
    ...Array.from({ length: 8 }, (_, i) => `lol${i + 1}: &lol${i + 1} [${Array(9).fill(`*lol${i}`).join(', ')}]`),
    'subjects:',
    '  - name: *lol8',
  ].join('\n') + '\n';
