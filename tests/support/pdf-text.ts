// Reads PDFs back with poppler's pdftotext and pdfinfo (Debian's poppler-utils), the way a person's PDF reader
// would see them: the quotation PDF's tests and the tests of what a revision prints.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

let dir: string | undefined;
let files = 0;

/** Writes the bytes to a temporary file (removed when the process ends) and answers its path. */
export function pdfFile(bytes: Uint8Array): string {
  if (!dir) {
    const made = mkdtempSync(path.join(tmpdir(), "pdf-text-"));
    dir = made;
    process.once("exit", () => rmSync(made, { recursive: true, force: true }));
  }
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** Runs one of poppler's tools, saying how to get it when it is missing. */
export function poppler(tool: "pdfinfo" | "pdftotext" | "pdffonts", args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: "utf8" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(`${tool} is missing: apt-get install poppler-utils (the PDF tests read PDFs with it)`);
    }
    throw error;
  }
}

export function pdfPageCount(file: string): number {
  const info = poppler("pdfinfo", [file]);
  return Number(/^Pages:\s+(\d+)$/m.exec(info)![1]);
}

/** The text of one page (or all), lines kept in reading order; runs of spaces squeezed to one. */
export function pdfText(file: string, page?: number): string {
  const range = page === undefined ? [] : ["-f", String(page), "-l", String(page)];
  return poppler("pdftotext", [...range, "-layout", file, "-"]).replace(/ {2,}/g, " ");
}

/** The text of a PDF's bytes as one paragraph: every run of white space one space (for text that wraps). */
export function pdfWords(bytes: Uint8Array): string {
  return pdfText(pdfFile(bytes)).replace(/\s+/g, " ");
}
