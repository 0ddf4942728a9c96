/** A cell as a spreadsheet should read it: quoted when needed, and never taken for a formula (=, +, -, @). */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV text (a header row, then one row per record), with a BOM so spreadsheets read it as UTF-8. */
export const toCsv = (header: string[], rows: unknown[][]) =>
  `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

/** Hands the browser a CSV file to save. */
export const downloadCsv = (fileName: string, header: string[], rows: unknown[][]) =>
  downloadCsvText(fileName, toCsv(header, rows));

/** Hands the browser CSV text to save as it is (starting with a BOM, for spreadsheets to read UTF-8). */
export function downloadCsvText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
