/**
 * What the PDF poster can print. The PDF embeds one font family (DejaVu Sans, from the server's dependencies)
 * and lays text out left to right without shaping scripts that need it, so it prints Latin (every European
 * language and Vietnamese), Greek and Cyrillic, and the punctuation, symbols and currency signs around them.
 * A title in Chinese, Japanese, Korean, Arabic, Hebrew or another script would print as empty boxes or out of
 * order: the server refuses such a PDF and the dashboard offers the SVG poster, which the viewer's own fonts
 * print in any script. `poster-fonts.test.ts` (server) checks the font draws every character this accepts.
 */
const PRINTABLE_RANGES: readonly [number, number][] = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x024f], // Latin-1 Supplement, Latin Extended-A and -B
  [0x0370, 0x03ff], // Greek
  [0x0400, 0x045f], // Cyrillic (basic)
  [0x0490, 0x04ff], // Cyrillic (Ukrainian, Belarusian and other letters)
  [0x1e00, 0x1efb], // Latin Extended Additional (Vietnamese)
  [0x2010, 0x2027], // dashes, quotation marks, bullets, ellipsis
  [0x2030, 0x203a], // per mille, primes, single angle quotation marks
  [0x20a0, 0x20b5], // currency signs (the font has these and the three below)
  [0x20b8, 0x20ba],
  [0x20bd, 0x20bd],
  [0x2116, 0x2116], // numero sign
  [0x2122, 0x2122], // trade mark sign
];

/** Whether the PDF poster prints every character of `text` as the host wrote it. */
export function pdfPosterPrints(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (!PRINTABLE_RANGES.some(([from, to]) => code >= from && code <= to)) return false;
  }
  return true;
}

/** The printable ranges, for the test that checks the embedded font against them. */
export const PDF_POSTER_RANGES = PRINTABLE_RANGES;
