import type { DbOrTx } from "../../db/client.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { COMPANY_DATA_EXPORTED, companyDataFileName } from "./company-data";
import { companyDataZipStream } from "./company-data-zip.server";

// Use case: an administrator downloads the company's data (issue 39, Settings > Export). The download is recorded in
// the audit log before the first byte is sent: it hands every customer's, employee's and supplier's record to whoever
// holds the file, so the log says who took it and when, even if the download is then cut off.

export async function downloadCompanyData(
  db: DbOrTx,
  actor: AuditActor,
  options: { now?: Date; dhakaDay: string },
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const fileName = companyDataFileName(options.dhakaDay);
  await recordAudit(db, actor, {
    action: COMPANY_DATA_EXPORTED,
    entityType: "company_data",
    summary: `Downloaded the company's data (${fileName})`,
  });
  return { fileName, body: companyDataZipStream(db, { now: options.now }) };
}
