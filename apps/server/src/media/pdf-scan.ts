const ENCRYPT = Buffer.from('/Encrypt');
const END = Buffer.from('%%EOF');
/** A whole PDF ends with %%EOF, give or take a line break and some trailing bytes some writers leave. */
const TAIL_BYTES = 1024;

/**
 * Reads a PDF's bytes as they stream past, without holding the file: whether it is encrypted (its trailer or
 * cross-reference stream names an /Encrypt dictionary, which is never compressed; that is what makes a reader ask
 * for a password) and whether it is whole (%%EOF near its end).
 */
export class PdfScan {
  encrypted = false;
  private tail = Buffer.alloc(0);

  update(chunk: Buffer) {
    const joined = Buffer.concat([this.tail, chunk]);
    if (!this.encrypted && joined.includes(ENCRYPT)) this.encrypted = true;
    this.tail = joined.subarray(Math.max(0, joined.length - TAIL_BYTES));
  }

  get complete(): boolean {
    return this.tail.includes(END);
  }
}

/** Scans a whole PDF held in memory (tests, small files). */
export function scanPdf(bytes: Uint8Array): PdfScan {
  const scan = new PdfScan();
  scan.update(Buffer.from(bytes));
  return scan;
}
