import { describe, expect, it } from "vitest";
import { pdfQr } from "../../../tests/support/pdf-qr";
import { PdfBuilder } from "./pdf.server";
import { drawQrCode, qrMatrix } from "./qr.server";

// QR codes drawn into PDFs (issue 26) read back, once printed, to exactly the text given: rendered by poppler and
// decoded by jsQR, at the sizes the labels (60 pt) and the pick list (44 pt) use.

async function pdfWithCode(text: string, size: number, quietZone: number): Promise<Uint8Array> {
  const pdf = new PdfBuilder({ title: "QR test", createdAt: new Date("2026-11-27T00:00:00Z") });
  drawQrCode(pdf.doc, text, { x: 100, y: 100, size, quietZone });
  return pdf.finish();
}

describe("drawQrCode", () => {
  it.each([
    ["tent-ac-5-ton", 60, 4],
    ["wedding-stage-set-with-led-backdrop-and-skirting-12", 60, 4],
    ["moving-head-beam-230w-3-mhy7k2a", 44, 2],
  ])("draws %s at %d pt that reads back to exactly it", async (slug, size, quiet) => {
    const bytes = await pdfWithCode(slug, size, quiet);
    expect(await pdfQr(bytes, 1, { x: 80, y: 80, width: size + 40, height: size + 40 })).toBe(slug);
  });

  it("uses error correction M and refuses empty text", () => {
    expect(qrMatrix("tent-ac-5-ton").size).toBe(21);
    expect(() => qrMatrix("")).toThrow("a QR code needs some text");
  });
});
