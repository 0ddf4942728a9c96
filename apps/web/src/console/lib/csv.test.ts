import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('CSV for spreadsheets', () => {
  it('quotes what needs quoting, starts with a BOM, and never lets a cell become a formula', () => {
    expect(
      toCsv(
        ['Name', 'Note'],
        [
          ['Arjun, "AJ"', '=HYPERLINK("http://evil")'],
          ['Meera', -3],
          ['Line\nbreak', null],
        ],
      ),
    ).toBe('\uFEFFName,Note\r\n"Arjun, ""AJ""","\'=HYPERLINK(""http://evil"")"\r\nMeera,\'-3\r\n"Line\nbreak",\r\n');
  });
});
