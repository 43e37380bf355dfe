// The one PDF base for quotations, payslips and reports (DESIGN §9, docs/decisions/0016-pdf-documents.md):
// PDFKit with the Noto fonts kept in fonts/ (Noto Sans for Latin, Noto Sans Bengali for Bengali names and the
// taka sign ৳, which Noto Sans lacks). A4, fixed margins, a company header, a running header on later pages,
// "Page n of N" footers, and a table that wraps cells and repeats its header on every page it runs onto.
//
// Text is laid out here, not by PDFKit's wrapper: each string is cut into runs by the font that has its
// characters, words are measured run by run, lines are broken greedily, and every run is drawn on one shared
// baseline. That keeps "৳12,500.00" or "রহিম উদ্দিন" in one line of Latin text aligned and measurable, so
// heights are known before drawing and page breaks never split a table row.

import { existsSync } from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import { appRoot } from "~/lib/app-root.server";

/** A4 portrait in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGINS = { top: 48, right: 48, bottom: 56, left: 48 } as const;

export const COLORS = {
  text: "#1f2430",
  muted: "#5f6675",
  rule: "#d5d8e0",
  brand: "#1b1f4b",
  brandText: "#ffffff",
  zebra: "#f4f5f9",
  accent: "#c2410c",
} as const;

export type FontWeight = "regular" | "bold";
export type Align = "left" | "right" | "center";
type Script = "latin" | "bengali";

export const FONT_FILES: Record<Script, Record<FontWeight, string>> = {
  latin: { regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" },
  bengali: { regular: "NotoSansBengali-Regular.ttf", bold: "NotoSansBengali-Bold.ttf" },
};

/** The folder holding the TTF files and their licence (fonts/ at the project root). */
export function fontsDir(): string {
  return path.join(appRoot(), "fonts");
}

/** The brand mark shown in document headers, when its PNG is there (PDFKit embeds PNG and JPEG only). */
export function defaultLogoPath(): string | null {
  const file = path.join(appRoot(), "public", "apple-touch-icon.png");
  return existsSync(file) ? file : null;
}

export interface TextStyle {
  size?: number;
  weight?: FontWeight;
  color?: string;
  /** Line height as a multiple of the size. */
  leading?: number;
}

interface ResolvedStyle {
  size: number;
  weight: FontWeight;
  color: string;
  leading: number;
}

export interface Run {
  script: Script;
  text: string;
}

const BENGALI = /[\u0980-\u09FF\u0964\u0965]/;
// Characters either font draws; they join the run around them rather than switching fonts.
const NEUTRAL = /[ \u200C\u200D]/;

/** Cuts text into runs by the font that has its characters: Bengali (and ৳) in Noto Sans Bengali, the rest in Noto Sans. */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const last = runs[runs.length - 1];
    const script: Script = BENGALI.test(char) ? "bengali" : NEUTRAL.test(char) && last ? last.script : "latin";
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

/** Column widths in points from relative weights, summing exactly to the total width. */
export function columnWidths(weights: number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0 || sum <= 0 || weights.some((w) => w < 0))
    throw new Error("column weights must be positive");
  const widths = weights.map((w) => Math.floor((w / sum) * total * 100) / 100);
  widths[widths.length - 1] = Math.round((total - widths.slice(0, -1).reduce((a, b) => a + b, 0)) * 100) / 100;
  return widths;
}

/** Where a line of the given width starts inside a box. */
export function alignedX(x: number, boxWidth: number, lineWidth: number, align: Align): number {
  if (align === "right") return x + boxWidth - lineWidth;
  if (align === "center") return x + (boxWidth - lineWidth) / 2;
  return x;
}

export interface LaidOutLine {
  runs: Run[];
  width: number;
}

export interface TableColumn {
  header: string;
  /** Relative width: the columns share the table's width in proportion. */
  weight: number;
  align?: Align;
}

export interface TableOptions {
  size?: number;
  /** Each cell's room at its left and right, in points (6 unless given): a table of many columns takes less. */
  padX?: number;
  /** Shade every other row. */
  zebra?: boolean;
  /** Rows whose cells are bold (e.g. a total row), by index. */
  boldRows?: ReadonlySet<number>;
}

export interface SummaryRow {
  label: string;
  value: string;
  bold?: boolean;
  /** A rule above the row (before a total). */
  ruleAbove?: boolean;
}

export interface CompanyDetails {
  name: string;
  address: string;
  phones: string[];
  emails: string[];
  /** The VAT registration number (BIN); omitted when blank. */
  vatRegistrationNumber: string;
}

export interface PdfBuilderOptions {
  title: string;
  subject?: string;
  author?: string;
  /** The document's creation date in its metadata (the same input gives the same document). */
  createdAt?: Date;
  /** Drawn at the top of every page after the first, e.g. "Utsab Event Technologies · Quotation 1A2B3C4D". */
  runningHeader?: string;
  /** Drawn at the bottom left of every page, beside "Page n of N". */
  footerNote?: string;
}

const CELL_PAD_X = 6;
const CELL_PAD_Y = 5;

/** A PDF being written: A4, the repo's fonts, a cursor (y) that moves down, pages added as content needs. */
export class PdfBuilder {
  readonly doc: PDFKit.PDFDocument;
  /** The top of the next thing drawn. */
  y: number = MARGINS.top;
  private readonly options: PdfBuilderOptions;
  private readonly chunks: Uint8Array[] = [];
  private readonly done: Promise<void>;
  private readonly widths = new Map<string, number>();

  constructor(options: PdfBuilderOptions) {
    this.options = options;
    const fonts = fontsDir();
    this.doc = new PDFDocument({
      size: "A4",
      margins: { ...MARGINS },
      bufferPages: true,
      // PDFKit hashes every info value into the file id: an undefined one would throw.
      info: {
        Title: options.title,
        ...(options.subject ? { Subject: options.subject } : {}),
        ...(options.author ? { Author: options.author, Creator: options.author } : {}),
        Producer: "PDFKit",
        CreationDate: options.createdAt ?? new Date(),
      },
      lang: "en",
      displayTitle: true,
    });
    // Registered under our own names only: PDFKit caches a font by the name it was first opened under, so opening
    // the same file under a second name (say as the constructor's default font) would reparse it on every switch.
    for (const script of ["latin", "bengali"] as const) {
      for (const weight of ["regular", "bold"] as const) {
        this.doc.registerFont(fontName(script, weight), path.join(fonts, FONT_FILES[script][weight]));
      }
    }
    this.done = new Promise((resolve, reject) => {
      this.doc.on("data", (chunk: Uint8Array) => this.chunks.push(chunk));
      this.doc.on("end", () => resolve());
      this.doc.on("error", reject);
    });
  }

  get left(): number {
    return MARGINS.left;
  }
  get right(): number {
    return A4.width - MARGINS.right;
  }
  get contentWidth(): number {
    return this.right - this.left;
  }
  /** The lowest y content may reach; the footer lives below it. */
  get bottom(): number {
    return A4.height - MARGINS.bottom;
  }

  /** Width of one line of text in the given style, whatever its scripts. */
  measure(text: string, style: TextStyle = {}): number {
    const s = resolve(style);
    return scriptRuns(text).reduce((sum, run) => sum + this.runWidth(run, s), 0);
  }

  lineHeight(style: TextStyle = {}): number {
    const s = resolve(style);
    return s.size * s.leading;
  }

  /** Breaks text into lines no wider than `width` (at spaces, and inside a word only when it alone is too wide). */
  layout(text: string, width: number, style: TextStyle = {}): LaidOutLine[] {
    const s = resolve(style);
    const space = this.measure(" ", s);
    const lines: LaidOutLine[] = [];
    for (const paragraph of text.replace(/\r\n?/g, "\n").split("\n")) {
      const words = paragraph.split(/ +/).filter((w, i, all) => w !== "" || all.length === 1);
      let current: string[] = [];
      let currentWidth = 0;
      for (let word of words) {
        let wordWidth = this.measure(word, s);
        if (current.length > 0 && currentWidth + space + wordWidth > width) {
          lines.push(this.line(current.join(" "), s));
          current = [];
          currentWidth = 0;
        }
        // A word wider than the box on its own is cut at characters.
        while (current.length === 0 && wordWidth > width && [...word].length > 1) {
          const chars = [...word];
          let fit = 1;
          while (fit < chars.length && this.measure(chars.slice(0, fit + 1).join(""), s) <= width) fit++;
          lines.push(this.line(chars.slice(0, fit).join(""), s));
          word = chars.slice(fit).join("");
          wordWidth = this.measure(word, s);
        }
        currentWidth += (current.length > 0 ? space : 0) + wordWidth;
        current.push(word);
      }
      lines.push(this.line(current.join(" "), s));
    }
    return lines;
  }

  /** Height a text block takes in a box of the given width. */
  heightOf(text: string, width: number, style: TextStyle = {}): number {
    return this.layout(text, width, style).length * this.lineHeight(style);
  }

  /**
   * Draws text in a box at (x, y) wrapping to `width`; returns its height. Without `y` it flows from the cursor,
   * which then moves below it: a block that fits on a page is kept together (a new page first if need be), a
   * longer one continues line by line on the next pages.
   */
  text(text: string, options: TextStyle & { x?: number; y?: number; width?: number; align?: Align } = {}): number {
    const s = resolve(options);
    const x = options.x ?? this.left;
    const width = options.width ?? this.right - x;
    const lines = this.layout(text, width, s);
    const lineHeight = s.size * s.leading;
    const height = lines.length * lineHeight;
    const at = (line: LaidOutLine, top: number) =>
      this.drawLine(line, alignedX(x, width, line.width, options.align ?? "left"), top, s);
    if (options.y !== undefined) {
      const top = options.y;
      lines.forEach((line, i) => at(line, top + i * lineHeight));
      return height;
    }
    if (height <= this.bottom - MARGINS.top) this.ensureSpace(height);
    for (const line of lines) {
      this.ensureSpace(lineHeight);
      at(line, this.y);
      this.y += lineHeight;
    }
    return height;
  }

  /** Moves the cursor down. */
  gap(points: number): void {
    this.y = Math.min(this.y + points, this.bottom);
  }

  /** Starts a new page when `height` no longer fits above the footer; true when it did. */
  ensureSpace(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.addPage();
    return true;
  }

  addPage(): void {
    this.doc.addPage();
    this.y = MARGINS.top;
    if (this.options.runningHeader) {
      this.text(this.options.runningHeader, { y: MARGINS.top - 22, size: 8, color: COLORS.muted });
      this.hrule(MARGINS.top - 8);
      this.y = MARGINS.top + 4;
    }
  }

  /** A thin horizontal line across the content width (or from x1 to x2). */
  hrule(y: number = this.y, x1: number = this.left, x2: number = this.right, color: string = COLORS.rule): void {
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(0.75).strokeColor(color).stroke().restore();
  }

  fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.save().rect(x, y, width, height).fillColor(color).fill().restore();
  }

  /**
   * The company block at the top of the first page: logo (when given), name, address, phones, e-mails and VAT
   * registration, within `width` from the left margin. Returns its height; the cursor moves below it.
   */
  companyHeader(company: CompanyDetails, options: { logo?: string | Uint8Array | null; width: number }): number {
    const top = this.y;
    const logoSize = 52;
    let x = this.left;
    if (options.logo) {
      this.doc.image(toImageSource(options.logo), x, top, { fit: [logoSize, logoSize] });
      x += logoSize + 12;
    }
    const width = options.width - (x - this.left);
    let y = top;
    y += this.text(company.name, { x, y, width, size: 15, weight: "bold", color: COLORS.brand, leading: 1.25 });
    const details = [
      company.address,
      company.phones.length > 0 ? `Phone: ${company.phones.join(", ")}` : "",
      company.emails.length > 0 ? `E-mail: ${company.emails.join(", ")}` : "",
      company.vatRegistrationNumber.trim() ? `VAT registration (BIN): ${company.vatRegistrationNumber.trim()}` : "",
    ].filter((line) => line !== "");
    for (const line of details) y += this.text(line, { x, y, width, size: 8.5, color: COLORS.muted });
    const height = Math.max(y - top, options.logo ? logoSize : 0);
    this.y = top + height;
    return height;
  }

  /** A shaded notice across the page in bold (a reopened reconciliation, an undone payslip or register). */
  banner(note: string): void {
    const height = this.heightOf(note, this.contentWidth - 16, { size: 9, weight: "bold" }) + 10;
    this.ensureSpace(height);
    this.fillRect(this.left, this.y, this.contentWidth, height, "#fff4e5");
    this.text(note, {
      x: this.left + 8,
      y: this.y + 5,
      width: this.contentWidth - 16,
      size: 9,
      weight: "bold",
      color: COLORS.accent,
    });
    this.y += height;
  }

  /** A small uppercase caption, e.g. "BILL TO". */
  caption(text: string, options: { x?: number; y?: number; width?: number } = {}): number {
    return this.text(text.toUpperCase(), { ...options, size: 7.5, weight: "bold", color: COLORS.muted });
  }

  /**
   * A table across the content width: a shaded header row, cells wrapped to their column, right-aligned columns
   * for money and counts. A row never splits; when the next one does not fit, a new page starts and the header
   * is drawn again.
   */
  table(columns: TableColumn[], rows: string[][], options: TableOptions = {}): void {
    const size = options.size ?? 9;
    const padX = options.padX ?? CELL_PAD_X;
    const widths = columnWidths(
      columns.map((c) => c.weight),
      this.contentWidth,
    );
    const cellStyle: ResolvedStyle = resolve({ size });
    const headStyle: ResolvedStyle = resolve({ size, weight: "bold", color: COLORS.brandText });

    const rowHeight = (cells: string[], style: ResolvedStyle): { lines: LaidOutLine[][]; height: number } => {
      const lines = cells.map((cell, i) => this.layout(cell, widths[i]! - 2 * padX, style));
      const height = Math.max(...lines.map((l) => l.length)) * style.size * style.leading + 2 * CELL_PAD_Y;
      return { lines, height };
    };
    const drawRow = (laid: { lines: LaidOutLine[][]; height: number }, style: ResolvedStyle): void => {
      let x = this.left;
      laid.lines.forEach((cellLines, i) => {
        const inner = widths[i]! - 2 * padX;
        cellLines.forEach((line, j) => {
          const lineX = alignedX(x + padX, inner, line.width, columns[i]!.align ?? "left");
          this.drawLine(line, lineX, this.y + CELL_PAD_Y + j * style.size * style.leading, style);
        });
        x += widths[i]!;
      });
      this.y += laid.height;
    };
    const header = rowHeight(
      columns.map((c) => c.header),
      headStyle,
    );
    const drawHeader = (): void => {
      this.fillRect(this.left, this.y, this.contentWidth, header.height, COLORS.brand);
      drawRow(header, headStyle);
    };

    const first = rows[0] ? rowHeight(rows[0], cellStyle).height : 0;
    this.ensureSpace(header.height + first);
    drawHeader();
    rows.forEach((cells, index) => {
      const style = options.boldRows?.has(index) ? resolve({ size, weight: "bold" }) : cellStyle;
      const laid = rowHeight(cells, style);
      if (this.ensureSpace(laid.height)) drawHeader();
      if (options.zebra && index % 2 === 1)
        this.fillRect(this.left, this.y, this.contentWidth, laid.height, COLORS.zebra);
      drawRow(laid, style);
      this.hrule(this.y);
    });
  }

  /** Label and value pairs in a column at the right of the page (subtotal, VAT, total…), values right-aligned. */
  summary(rows: SummaryRow[], options: { width?: number; size?: number } = {}): void {
    const width = options.width ?? 240;
    const x = this.right - width;
    const labelWidth = width * 0.55;
    for (const row of rows) {
      const style = summaryStyle(row, options.size);
      const height = style.size * style.leading + 4;
      this.ensureSpace(height + (row.ruleAbove ? 4 : 0));
      if (row.ruleAbove) {
        this.hrule(this.y + 1, x, this.right, COLORS.text);
        this.y += 4;
      }
      this.text(row.label, { x, y: this.y + 2, width: labelWidth, ...style });
      this.text(row.value, { x: x + labelWidth, y: this.y + 2, width: width - labelWidth, align: "right", ...style });
      this.y += height;
    }
  }

  /** The height summary() takes for these rows. */
  summaryHeight(rows: SummaryRow[], options: { size?: number } = {}): number {
    return rows.reduce((sum, row) => {
      const style = summaryStyle(row, options.size);
      return sum + style.size * style.leading + 4 + (row.ruleAbove ? 4 : 0);
    }, 0);
  }

  /** Numbered lines, e.g. terms; a long item wraps under its own text. */
  numberedList(items: readonly string[], style: TextStyle = {}): void {
    const s = resolve({ size: 8.5, color: COLORS.text, ...style });
    const indent = 16;
    items.forEach((item, i) => {
      const height = this.heightOf(item, this.contentWidth - indent, s);
      this.ensureSpace(height);
      this.text(`${i + 1}.`, { x: this.left, y: this.y, width: indent, ...s });
      this.text(item, { x: this.left + indent, y: this.y, width: this.contentWidth - indent, ...s });
      this.y += height;
    });
  }

  /** Draws the running footers ("Page n of N") and finishes the file. */
  async finish(): Promise<Uint8Array> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const y = A4.height - MARGINS.bottom + 18;
      this.hrule(y - 6);
      const pageLabel = `Page ${i - range.start + 1} of ${range.count}`;
      const labelWidth = this.measure(pageLabel, { size: 8 }) + 2;
      if (this.options.footerNote) {
        this.text(this.options.footerNote, {
          x: this.left,
          y,
          width: this.contentWidth - labelWidth - 12,
          size: 8,
          color: COLORS.muted,
        });
      }
      this.text(pageLabel, {
        x: this.right - labelWidth,
        y,
        width: labelWidth,
        align: "right",
        size: 8,
        color: COLORS.muted,
      });
    }
    this.doc.end();
    await this.done;
    return concat(this.chunks);
  }

  /** A run's width; measured once per font at 1 pt, since width grows in proportion to size. */
  private runWidth(run: Run, s: ResolvedStyle): number {
    const key = `${fontName(run.script, s.weight)}\u0000${run.text}`;
    let unit = this.widths.get(key);
    if (unit === undefined) {
      this.doc.font(fontName(run.script, s.weight)).fontSize(1000);
      unit = this.doc.widthOfString(run.text) / 1000;
      this.widths.set(key, unit);
    }
    return unit * s.size;
  }

  private line(text: string, s: ResolvedStyle): LaidOutLine {
    const runs = scriptRuns(text);
    return { runs, width: runs.reduce((sum, run) => sum + this.runWidth(run, s), 0) };
  }

  /** Draws one laid-out line with its top at y: every run on the same baseline. */
  private drawLine(line: LaidOutLine, x: number, top: number, s: ResolvedStyle): void {
    // The baseline sits where Noto Sans puts it in a line of this height (ascent ≈ 1.07 em, descent ≈ 0.29 em).
    const baseline = top + (s.size * (s.leading - 1.36)) / 2 + s.size * 1.07;
    let cursor = x;
    for (const run of line.runs) {
      this.doc.font(fontName(run.script, s.weight)).fontSize(s.size).fillColor(s.color);
      this.doc.text(run.text, cursor, baseline, { lineBreak: false, baseline: "alphabetic" });
      cursor += this.runWidth(run, s);
    }
  }
}

function summaryStyle(row: SummaryRow, size = 9.5): ResolvedStyle {
  return resolve({ size: row.bold ? size + 1.5 : size, weight: row.bold ? "bold" : "regular" });
}

function fontName(script: Script, weight: FontWeight): string {
  return `${script}-${weight}`;
}

function resolve(style: TextStyle): ResolvedStyle {
  return {
    size: style.size ?? 9.5,
    weight: style.weight ?? "regular",
    color: style.color ?? COLORS.text,
    leading: style.leading ?? 1.4,
  };
}

function toImageSource(logo: string | Uint8Array): string | Buffer {
  return typeof logo === "string" ? logo : Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
