import { sql } from "drizzle-orm";
import { queryRows, type Db, type DbOrTx } from "../../db/client.server";
import { getEnv } from "../../lib/env.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { enqueueEmail } from "../email/outbox.server";
import { wakeEmailSender } from "../email/sender.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import type { PartyKind } from "./constants";
import {
  PARTY_STATEMENT_MESSAGES as M,
  partyStatementEmail,
  PORTAL_STATEMENT_PATH,
  statementPeriodLabel,
  type StatementPeriod,
} from "./party-statement";
import { partyStatementPdf } from "./party-statement-pdf.server";
import { loadPartyStatement } from "./party-statement.server";

// "E-mail to customer" on a party's statement (issue 36): the statement's PDF for the period, on the letterhead,
// queued in the outbox as an attachment to the party's e-mail address (the way an invoice is sent), with the audit
// line, in one transaction; the sender is woken after the commit. A party without an e-mail address is refused with
// the reason, and nothing is written.

/** The portal's statement for an address that signs in to the portal as a customer; null for anyone else. */
async function portalUrlFor(db: DbOrTx, kind: PartyKind, email: string): Promise<string | null> {
  if (kind !== "customer") return null;
  const [user] = await queryRows<{ role: string }>(
    db,
    sql`select role from users where lower(email) = ${email.toLowerCase()} limit 1`,
  );
  return user?.role === "customer" ? `${getEnv().publicUrl}${PORTAL_STATEMENT_PATH}` : null;
}

export async function emailPartyStatement(
  db: Db,
  actor: AuditActor,
  values: { kind: PartyKind; id: string; period: StatementPeriod },
  now: Date = new Date(),
): Promise<UseCaseResult<{ emailId: string }>> {
  const result = await db.transaction(async (tx): Promise<UseCaseResult<{ emailId: string }>> => {
    const found = await loadPartyStatement(tx, values.kind, values.id, values.period);
    if (found.found !== "statement") return refuseFields("not-found", M.emailFailed, { form: M.notFound });
    const { statement } = found;
    const { party } = statement;
    const to = party.email?.trim();
    if (!to) return refuseFields("invalid", M.emailFailed, { email: M.noEmail(party.kind, party.name) });
    const pdf = await partyStatementPdf(tx, statement, now);
    const company = await getCompanySettings(tx);
    const email = partyStatementEmail({
      kind: party.kind,
      partyId: party.id,
      to,
      name: party.name,
      period: values.period,
      opening: statement.opening,
      closing: statement.closing,
      portalUrl: await portalUrlFor(tx, party.kind, to),
      company: { name: company.name, phones: company.phones, emails: company.emails },
    });
    const { id: emailId } = await enqueueEmail(tx, {
      ...email,
      replyTo: company.notificationEmail,
      attachments: [{ filename: pdf.filename, contentType: "application/pdf", content: pdf.content }],
    });
    await recordAudit(tx, actor, {
      action: "party_statement.emailed",
      entityType: party.kind,
      entityId: party.id,
      summary: `Queued the statement of ${party.kind} ${party.name} for ${statementPeriodLabel(values.period)} to be e-mailed to ${to}`,
      changes: {
        emailId,
        from: values.period.from,
        to: values.period.to,
        opening: statement.opening,
        closing: statement.closing,
      },
    });
    return { ok: true, message: M.emailQueued(party.name, to), emailId };
  });
  if (result.ok) wakeEmailSender();
  return result;
}
