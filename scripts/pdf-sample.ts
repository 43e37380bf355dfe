// `npm run pdf:sample`: writes sample quotation PDFs to .tmp/ for people to look at — one short
// (quotation-sample.pdf, 3 lines) and one that runs over several pages (quotation-sample-long.pdf, 60 lines) —
// and the same for a tax invoice (invoice-sample.pdf, invoice-sample-long.pdf) with a credit note
// (credit-note-sample.pdf). `npm run pdf:sample -- 25` writes the long ones with 25 lines instead.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sampleQuotationPdfInput } from "../tests/support/quotation-pdf-sample";
import { renderQuotationPdf } from "../app/domain/quotations/quotation-pdf.server";
import { renderCreditNotePdf, renderInvoicePdf } from "../app/domain/sales/invoice-pdf.server";
import { sampleCreditNotePdfInput, sampleInvoicePdfInput } from "../tests/support/invoice-pdf-sample";

const longCount = Number(process.argv[2] ?? 60);
if (!Number.isInteger(longCount) || longCount < 1) {
  console.error(`The line count must be a whole number of 1 or more, not ${process.argv[2]}`);
  process.exit(1);
}

const dir = path.resolve(import.meta.dirname, "..", ".tmp");
mkdirSync(dir, { recursive: true });
for (const [name, lines] of [
  ["quotation-sample.pdf", 3],
  ["quotation-sample-long.pdf", longCount],
] as const) {
  const file = path.join(dir, name);
  writeFileSync(file, await renderQuotationPdf(sampleQuotationPdfInput(lines)));
  console.log(`${file} (${lines} lines)`);
}
for (const [name, lines] of [
  ["invoice-sample.pdf", 3],
  ["invoice-sample-long.pdf", longCount],
] as const) {
  const file = path.join(dir, name);
  writeFileSync(file, await renderInvoicePdf(sampleInvoicePdfInput(lines)));
  console.log(`${file} (${lines} lines)`);
}
const creditNote = path.join(dir, "credit-note-sample.pdf");
writeFileSync(creditNote, await renderCreditNotePdf(sampleCreditNotePdfInput()));
console.log(creditNote);
