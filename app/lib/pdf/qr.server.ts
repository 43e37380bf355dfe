// QR codes drawn into a PDF (issue 26: item labels and the pick list), as vector squares from the `qrcode`
// package's module matrix, so they stay sharp at any print size. Error correction M (15% of the code may be
// lost: a scuffed label still reads). A code needs a light quiet zone of 4 modules around it to be found; `size`
// includes it, and the whole square is painted white first.

import QRCode from "qrcode";

export interface QrPlacement {
  x: number;
  y: number;
  /** The square's side in points, quiet zone included. */
  size: number;
  /** Modules of white border on each side (4 by the standard). */
  quietZone?: number;
  color?: string;
}

/** The module matrix of `text` at error correction M: size × size, row-major, 1 = dark. */
export function qrMatrix(text: string): { size: number; dark: (row: number, col: number) => boolean } {
  if (text === "") throw new Error("a QR code needs some text");
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (row, col) => modules.data[row * modules.size + col] === 1 };
}

/** Draws `text`'s QR code in a white square at (x, y); dark modules are filled as one path of horizontal runs. */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, placement: QrPlacement): void {
  const matrix = qrMatrix(text);
  const quiet = placement.quietZone ?? 4;
  const module = placement.size / (matrix.size + 2 * quiet);
  const originX = placement.x + quiet * module;
  const originY = placement.y + quiet * module;
  doc.save();
  doc.rect(placement.x, placement.y, placement.size, placement.size).fillColor("#ffffff").fill();
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.dark(row, col)) col++;
      // A hair wider and taller than the module, so neighbouring squares leave no hairline gaps when rasterised.
      doc.rect(originX + start * module, originY + row * module, (col - start) * module + 0.05, module + 0.05);
    }
  }
  doc.fillColor(placement.color ?? "#000000").fill();
  doc.restore();
}
