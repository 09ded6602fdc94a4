import { PDF_POSTER_RANGES, pdfPosterPrints } from "@doorstep/shared/rules/poster";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { POSTER_FONTS } from "./poster.ts";

/** pdfkit's font object for a file (its fontkit font answers which characters it has glyphs for). */
function glyphsOf(file: string): { hasGlyphForCodePoint(code: number): boolean } {
  const doc = new PDFDocument();
  doc.font(file);
  return (doc as unknown as { _font: { font: { hasGlyphForCodePoint(code: number): boolean } } })._font.font;
}

describe("the PDF poster's fonts (rules/poster.ts)", () => {
  it("draw every assigned character the rule lets through, in regular and bold", () => {
    for (const [name, file] of Object.entries(POSTER_FONTS)) {
      const font = glyphsOf(file);
      const missing: string[] = [];
      for (const [from, to] of PDF_POSTER_RANGES) {
        for (let code = from; code <= to; code++) {
          if (/\p{Cn}/u.test(String.fromCodePoint(code))) continue; // unassigned: never in anyone's title
          if (!font.hasGlyphForCodePoint(code)) missing.push(code.toString(16));
        }
      }
      expect(missing, name).toEqual([]);
    }
  });

  it("lets European, Greek and Cyrillic titles through and stops the scripts it cannot draw or order", () => {
    for (const title of [
      "Harbour & Sons <Loft>",
      "Łódź — Stare Miasto",
      "Σπίτι στη θάλασσα",
      "Дім біля моря",
      "Nhà Hội An €",
    ]) {
      expect(pdfPosterPrints(title), title).toBe(true);
    }
    for (const title of ["海边的家", "海の家", "바다 집", "بيت البحر", "בית ים", "Casa 🌊"]) {
      expect(pdfPosterPrints(title), title).toBe(false);
    }
  });
});
