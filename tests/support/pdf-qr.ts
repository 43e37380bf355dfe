// Reads QR codes back from a PDF the way a phone would see the printed page: poppler's pdftoppm renders a page (or
// a part of it) to PNG, sharp turns the PNG into pixels, and jsQR finds and decodes the code in them. The tests of
// the item labels and the pick list prove with it that what is printed scans to the item's public id.
import { execFileSync } from "node:child_process";
import jsQR from "jsqr";
import sharp from "sharp";
import { pdfFile } from "./pdf-text";

/** A part of a page in PDF points (1/72 inch), from its top left corner. */
export interface PdfArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Page `page` (1-based) of the PDF as PNG bytes at `dpi`, only `area` of it when given. */
export function pdfPagePng(bytes: Uint8Array, page: number, dpi = 200, area?: PdfArea): Buffer {
  const px = (points: number) => String(Math.round((points * dpi) / 72));
  const crop = area ? ["-x", px(area.x), "-y", px(area.y), "-W", px(area.width), "-H", px(area.height)] : [];
  try {
    return execFileSync(
      "pdftoppm",
      ["-png", "-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile", ...crop, pdfFile(bytes)],
      { maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error("pdftoppm is missing: apt-get install poppler-utils (the QR tests render PDFs with it)");
    throw error;
  }
}

/** The text of the QR code found in a PNG, or null when there is none that reads. */
export async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  return code ? code.data : null;
}

/** The QR code in `area` of page `page` of the PDF. */
export async function pdfQr(bytes: Uint8Array, page: number, area?: PdfArea, dpi = 200): Promise<string | null> {
  return readQr(pdfPagePng(bytes, page, dpi, area));
}
