/**
 * Writes the demo study materials into apps/server/materials/. Run once (the PDFs are committed):
 *   node --import tsx apps/server/scripts/make-demo-pdfs.ts
 * qpdf (apt-get install qpdf) encrypts the protected practice set (password `portal123`).
 *
 * The long handbook is deliberately not linearised: qpdf's linearisation spreads the page objects over the
 * whole file, and pdf.js (which ignores linearisation hints) then needs every range before page 1. pdf-lib's
 * object streams keep all page dictionaries together near the end, so page 1 needs only its own range and
 * that tail.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFString, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const outDir = fileURLToPath(new URL('../materials/', import.meta.url));
const DEMO_PDF_PASSWORD = 'portal123';
const fixedDate = new Date('2025-06-01T00:00:00Z');
const [pageWidth, pageHeight, margin] = [595, 842, 56];

interface Writer {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
  font: PDFFont;
  bold: PDFFont;
}

async function newDocument(title: string): Promise<Writer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('Student Portal demo');
  doc.setCreationDate(fixedDate);
  doc.setModificationDate(fixedDate);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, page: doc.addPage([pageWidth, pageHeight]), y: pageHeight - margin, font, bold };
}

function newPage(w: Writer) {
  w.page = w.doc.addPage([pageWidth, pageHeight]);
  w.y = pageHeight - margin;
}

function heading(w: Writer, text: string, size = 20) {
  w.page.drawText(text, { x: margin, y: w.y - size, size, font: w.bold, color: rgb(0.1, 0.2, 0.5) });
  w.y -= size * 2;
}

/** Word-wrapped paragraph; starts a new page when this one is full. Returns the first line's baseline. */
function paragraph(w: Writer, text: string, size = 12): number {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (w.font.widthOfTextAtSize(candidate, size) > pageWidth - 2 * margin) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  const first = w.y - size;
  for (const text of lines) {
    if (w.y - size * 1.5 < margin) newPage(w);
    w.page.drawText(text, { x: margin, y: w.y - size, size, font: w.font });
    w.y -= size * 1.5;
  }
  w.y -= size * 0.75;
  return first;
}

/** A link annotation over a line of text, with a URI action (set through pdf-lib's low-level objects). */
function link(w: Writer, label: string, uri: string) {
  const size = 14;
  const baseline = w.y - size;
  w.page.drawText(label, { x: margin, y: baseline, size, font: w.bold, color: rgb(0, 0.3, 0.8) });
  const width = w.bold.widthOfTextAtSize(label, size);
  const annotation = w.doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [margin, baseline - 4, margin + width, baseline + size],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(uri) },
  });
  w.page.node.addAnnot(w.doc.context.register(annotation));
  w.y -= size * 2.5;
}

const save = async (w: Writer, name: string) => {
  const bytes = await w.doc.save({ useObjectStreams: true });
  writeFileSync(join(outDir, name), bytes);
  return join(outDir, name);
};

async function unitsNotes() {
  const w = await newDocument('Units and Measurements - Notes');
  heading(w, 'Units and Measurements');
  paragraph(
    w,
    'Physics is a quantitative science. Every measurement compares a physical quantity with a chosen standard called a unit. The International System of Units (SI) has seven base units: metre, kilogram, second, ampere, kelvin, mole and candela.',
  );
  paragraph(
    w,
    'Derived units are combinations of base units. Speed is measured in metres per second, force in newtons (kilogram metre per second squared) and energy in joules (newton metre).',
  );
  heading(w, 'Measuring large distances', 16);
  paragraph(
    w,
    'The parallax method measures the distance of a far object, such as a planet or a star, from two points of observation separated by a known basis. The angle between the two lines of sight is the parallax angle.',
  );
  newPage(w);
  heading(w, 'Significant figures', 16);
  paragraph(
    w,
    'The significant figures of a measured value are the digits known reliably plus the first uncertain digit. All non-zero digits are significant; zeros between non-zero digits are significant; leading zeros are not.',
  );
  heading(w, 'Dimensional analysis', 16);
  paragraph(
    w,
    'The dimensions of a quantity are the powers to which the base quantities are raised to represent it. An equation must be dimensionally consistent: both sides have the same dimensions. This checks a formula but cannot find dimensionless constants.',
  );
  newPage(w);
  heading(w, 'Summary', 16);
  paragraph(
    w,
    'Accuracy is how close a measurement is to the true value; precision is how close repeated measurements are to each other. Errors may be systematic, random or gross. Report a result with its uncertainty.',
  );
  return save(w, 'units-and-measurements-notes.pdf');
}

async function formulaHandbook() {
  const w = await newDocument('Physics Formula Handbook');
  const topics = ['kinematics', 'dynamics', 'work and energy', 'rotation', 'gravitation', 'oscillations'];
  for (let n = 1; n <= 124; n++) {
    if (n > 1) newPage(w);
    heading(w, `Handbook page ${n}`);
    const topic = topics[(n - 1) % topics.length];
    paragraph(
      w,
      `Worked example ${n} on ${topic}. A body of mass ${(n % 9) + 1} kg starts from rest and moves under a constant net force of ${(n % 7) + 2} N. Find its acceleration, its speed after ${(n % 5) + 2} seconds and the work done on it in that time.`,
    );
    paragraph(
      w,
      `Solution ${n}: acceleration a = F / m; speed v = a t; distance s = a t squared over two; work W = F s, which equals the gain in kinetic energy, one half m v squared.`,
    );
    heading(w, 'Try these', 14);
    for (let k = 1; k <= 6; k++) {
      paragraph(
        w,
        `${n}.${k} A ${k + 1} kg trolley is pushed with ${(n % 11) + k} N for ${k + 2} s on a smooth floor. Find its final speed, the distance covered and the power delivered at the end. Then repeat with a friction force of ${k} N and compare.`,
        11,
      );
    }
    paragraph(w, `Marker ${n}: the end-to-end tests look for this sentence to know that page ${n} was drawn.`, 10);
  }
  return save(w, 'physics-formula-handbook.pdf');
}

async function referenceLinks() {
  const w = await newDocument('Further Reading');
  heading(w, 'Further Reading');
  paragraph(
    w,
    'The links below show how the viewer treats links inside a document. The first opens a web page in a new tab. The second has a script address, which the viewer must never run.',
  );
  link(w, 'Open the NCERT textbooks site', 'https://ncert.nic.in/textbook.php');
  link(w, 'Tap here for a quiz hint', 'javascript:alert(1)');
  paragraph(w, 'If nothing happened when you tapped the quiz hint, the viewer did its job.');
  return save(w, 'further-reading-links.pdf');
}

async function practiceSet(path: string) {
  const w = await newDocument('Practice Set 1');
  heading(w, 'Practice Set 1 (teachers only key inside)');
  for (let q = 1; q <= 8; q++) {
    paragraph(
      w,
      `Question ${q}. Express ${q * 12} kilometres per hour in metres per second and state the number of significant figures in ${q}.0${q} metres.`,
    );
  }
  paragraph(w, 'Answer key: divide by 3.6 to convert kilometres per hour into metres per second.');
  writeFileSync(path, await w.doc.save({ useObjectStreams: true }));
}

async function shortNotes(file: string, title: string, body: string[]) {
  const w = await newDocument(title);
  heading(w, title);
  for (const text of body) paragraph(w, text);
  return save(w, file);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  await unitsNotes();
  await formulaHandbook();
  await referenceLinks();
  await shortNotes('structure-of-atom-notes.pdf', 'Structure of Atom', [
    "Atoms are made of electrons, protons and neutrons. Thomson pictured the atom as a sphere of positive charge with electrons embedded in it; Rutherford's scattering experiment showed a small, dense, positive nucleus.",
    "Bohr's model gives quantised orbits: an electron gains or loses energy only by jumping between allowed levels, emitting or absorbing a photon whose energy equals the difference.",
  ]);
  await shortNotes('sets-worksheet.pdf', 'Sets - Worksheet', [
    'A set is a well-defined collection of objects. Write the set of vowels of the English alphabet in roster form and in set-builder form.',
    'If A = {1, 2, 3, 4} and B = {3, 4, 5}, find A union B, A intersection B and A minus B. Draw a Venn diagram for each.',
  ]);
  await shortNotes('living-world-notes.pdf', 'The Living World', [
    'Living organisms grow, reproduce, sense their surroundings and respond to them. Taxonomy names and classifies them: kingdom, phylum, class, order, family, genus and species.',
  ]);

  const work = join(tmpdir(), `demo-pdfs-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    const plain = join(work, 'practice.pdf');
    await practiceSet(plain);
    const owner = `${DEMO_PDF_PASSWORD}-owner`;
    execFileSync('qpdf', [
      '--encrypt',
      DEMO_PDF_PASSWORD,
      owner,
      '256',
      '--',
      plain,
      join(outDir, 'practice-set-1-protected.pdf'),
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
