import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { alignedX, columnWidths, FONT_FILES, fontsDir, PdfBuilder, scriptRuns } from "./pdf.server";

/** The code points a font file has, from fontconfig's charset ("20-7e a0-377 …"). */
function codePoints(file: string): (cp: number) => boolean {
  const charset = execFileSync("fc-query", ["--format=%{charset}", file], { encoding: "utf8" });
  const ranges = charset
    .trim()
    .split(/\s+/)
    .map((range) => range.split("-").map((hex) => parseInt(hex, 16)))
    .map(([from, to]) => [from!, to ?? from!] as const);
  return (cp) => ranges.some(([from, to]) => cp >= from && cp <= to);
}

describe("the fonts in the repo", () => {
  it("draw the taka sign, Bengali and Latin, so nothing prints as a box", () => {
    const dir = fontsDir();
    for (const weight of ["regular", "bold"] as const) {
      const bengali = codePoints(path.join(dir, FONT_FILES.bengali[weight]));
      const latin = codePoints(path.join(dir, FONT_FILES.latin[weight]));
      expect(bengali(0x09f3), `৳ in ${FONT_FILES.bengali[weight]}`).toBe(true);
      for (const cp of [0x0995, 0x09cd, 0x09b7, 0x09bf, 0x09e6, 0x09ef]) expect(bengali(cp)).toBe(true);
      // Printable ASCII, ×, °, Ø, the em dash and the middle dot the documents use.
      for (let cp = 0x20; cp <= 0x7e; cp++) expect(latin(cp), `U+${cp.toString(16)}`).toBe(true);
      for (const cp of [0xd7, 0xb0, 0xd8, 0x2014, 0xb7, 0x2013]) expect(latin(cp)).toBe(true);
      // Noto Sans has no taka sign: that is why runs switch fonts.
      expect(latin(0x09f3)).toBe(false);
    }
  });
});

describe("scriptRuns", () => {
  it("puts the taka sign and Bengali in the Bengali font, the rest in Latin", () => {
    expect(scriptRuns("৳12,500.00")).toEqual([
      { script: "bengali", text: "৳" },
      { script: "latin", text: "12,500.00" },
    ]);
    expect(scriptRuns("রহিম উদ্দিন (Rahim)")).toEqual([
      { script: "bengali", text: "রহিম উদ্দিন " },
      { script: "latin", text: "(Rahim)" },
    ]);
    expect(scriptRuns("Total ৳5")).toEqual([
      { script: "latin", text: "Total " },
      { script: "bengali", text: "৳" },
      { script: "latin", text: "5" },
    ]);
    expect(scriptRuns(" x")).toEqual([{ script: "latin", text: " x" }]);
    expect(scriptRuns("")).toEqual([]);
  });
});

describe("columnWidths", () => {
  it("shares the width in proportion and sums exactly to it", () => {
    expect(columnWidths([1, 1], 100)).toEqual([50, 50]);
    expect(columnWidths([1, 2, 1], 515.28)).toEqual([128.82, 257.64, 128.82]);
    const widths = columnWidths([0.4, 3, 1.9, 0.55, 1.3, 1.45], 499.28);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(499.28, 6);
  });

  it("refuses no columns, zero or negative weights", () => {
    expect(() => columnWidths([], 100)).toThrow("column weights must be positive");
    expect(() => columnWidths([0, 0], 100)).toThrow("column weights must be positive");
    expect(() => columnWidths([2, -1], 100)).toThrow("column weights must be positive");
  });
});

describe("alignedX", () => {
  it("places a line left, right or centred in its box", () => {
    expect(alignedX(10, 100, 40, "left")).toBe(10);
    expect(alignedX(10, 100, 40, "right")).toBe(70);
    expect(alignedX(10, 100, 40, "center")).toBe(40);
  });
});

describe("PdfBuilder layout", () => {
  const pdf = new PdfBuilder({ title: "layout test" });

  it("measures mixed text as the sum of its runs", () => {
    const taka = pdf.measure("৳");
    const digits = pdf.measure("12,500.00");
    expect(taka).toBeGreaterThan(0);
    expect(pdf.measure("৳12,500.00")).toBeCloseTo(taka + digits, 6);
    expect(pdf.measure("৳12,500.00", { size: 19 })).toBeCloseTo(2 * (taka + digits), 6);
    expect(pdf.measure("Total", { weight: "bold" })).toBeGreaterThan(pdf.measure("Total"));
  });

  it("wraps at spaces, keeps every line within the width and loses no word", () => {
    const text = "Luxury Lounge Sofa Set with matching cushions, coffee table and side lamps for রহিম উদ্দিন";
    const lines = pdf.layout(text, 120);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(120);
    expect(lines.map((l) => l.runs.map((r) => r.text).join("")).join(" ")).toBe(text);
  });

  it("cuts a word wider than the box at characters", () => {
    const lines = pdf.layout("৳999,999,999,999.99", 40);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(40);
    expect(lines.map((l) => l.runs.map((r) => r.text).join("")).join("")).toBe("৳999,999,999,999.99");
  });

  it("keeps line breaks and counts height by lines", () => {
    expect(pdf.layout("one\ntwo\n\nfour", 500)).toHaveLength(4);
    expect(pdf.heightOf("one\ntwo", 500, { size: 10, leading: 1.5 })).toBe(30);
    expect(pdf.layout("", 100)).toEqual([{ runs: [], width: 0 }]);
  });
});

describe("PdfBuilder pages", () => {
  it("keeps a short block together and flows a block longer than a page onto the next pages", async () => {
    const pdf = new PdfBuilder({ title: "flow test", runningHeader: "Running header", footerNote: "Footer note" });
    pdf.y = pdf.bottom - 20;
    pdf.text("one\ntwo\nthree");
    expect(pdf.doc.bufferedPageRange().count).toBe(2);

    const long = Array.from({ length: 150 }, (_, i) => `Paragraph line ${i + 1}`).join("\n");
    pdf.text(long, { size: 10, leading: 1.5 });
    const pages = pdf.doc.bufferedPageRange().count;
    // 150 lines of 15 pt, about 48 to a page.
    expect(pages).toBeGreaterThanOrEqual(5);
    expect(pdf.y).toBeLessThanOrEqual(pdf.bottom);
    const bytes = await pdf.finish();
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  });
});
