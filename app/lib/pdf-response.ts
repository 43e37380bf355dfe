import { attachmentDisposition } from "./content-disposition";

// A generated PDF sent as a download (a quotation's revision, in the back office and the customer's pages):
// never cached, never sniffed as anything else.

export function pdfDownloadResponse(pdf: { filename: string; content: Uint8Array }): Response {
  return new Response(new Uint8Array(pdf.content), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachmentDisposition(pdf.filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A revision number as a URL gives it ("2"); 0 (no revision) for anything else. */
export function revisionParam(value: string | undefined): number {
  return value && /^\d{1,6}$/.test(value) ? Number(value) : 0;
}
