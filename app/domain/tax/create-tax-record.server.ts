import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { chartOfAccounts } from "../../db/schema";
import { toPaisa } from "../../lib/money";
import { ACCOUNT_ROLES } from "../accounting/account-roles";
import { assertOpenDate, postEntry, PostingRefused, LEDGER_MESSAGES, roleAccounts } from "../accounting/ledger.server";
import type { ControlPartyKind } from "../accounting/constants";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { partyNamedFor, supplierBinNamed } from "../accounting/party-records.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { inputVatClaim } from "./input-vat-claim";
import { TAX_KIND_ROLE, taxRecordLines } from "./tax-posting";
import {
  parseTaxRecordForm,
  TAX_KIND_LABELS,
  TAX_RECORD_MESSAGES,
  taxRecordSummary,
  type TaxRecordFormValues,
} from "./tax-record-form";
import { writeTaxRecords } from "./tax-register.server";
import { assertOpenVatPeriod } from "./vat-period-lock.server";

// Add Tax Record (backoffice.md §2 Tax Management; DESIGN §10; issue 22): one transaction with the record, its entry
// (source tax_record: the tax's own account against the one chosen, in its kind's direction, tax-posting.ts) and an
// audit line. A VAT record is refused inside a closed VAT period (its return is filed), and every record on or
// before the lock date (the ledger). A record whose tax comes to 0 (a zero-rated supply, or a taxable amount too
// small to carry a paisa) is kept without an entry: it counts in the registers (the sales register lists a
// zero-rated sale with VAT 0) and moves no balance (tax_records_manual_posted_check allows exactly that). It obeys
// the same dates, accounts and audit as one that posts. Input VAT follows the purchase's rule (inputVatClaim, issue
// 37): claimed only at 15% with the supplier's 13-digit BIN, typed or else the one on the supplier's record (kept on
// the row, as the purchase register prints it); refused without one, naming the BIN, and at a reduced rate.

export type CreateTaxRecordResult = UseCaseResult<{ id: string; entryId: string | null }>;

const FIELDS = ["taxType", "kind", "date", "accountId", "taxableAmount", "taxRate", "party", "partyBin"] as const;

export async function createTaxRecord(
  db: Db,
  actor: AuditActor,
  values: TaxRecordFormValues,
): Promise<CreateTaxRecordResult> {
  const parsed = parseTaxRecordForm(values);
  if (!parsed.ok) return refuseFields("invalid", TAX_RECORD_MESSAGES.failed, parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<CreateTaxRecordResult> => {
      if (input.taxType === "vat") await assertOpenVatPeriod(tx, input.date, "date");
      let partyBin = input.partyBin;
      if (input.kind === "input_vat") {
        const supplierBin = input.partyBin ?? (input.party ? await supplierBinNamed(tx, input.party) : null);
        const claim = inputVatClaim({ rate: input.taxRate, supplierBin });
        // The BIN as typed, else the record's, for the purchase register to print.
        if (claim.claimable) partyBin ??= claim.supplierBin;
        else if (claim.reason === "no_bin")
          throw new PostingRefused({ partyBin: TAX_RECORD_MESSAGES.inputVatBinRequired });
        else if (claim.reason === "reduced_rate")
          throw new PostingRefused({ taxRate: TAX_RECORD_MESSAGES.inputVatReducedRate(input.taxRate) });
      }
      const [account] = await tx
        .select({
          code: chartOfAccounts.code,
          name: chartOfAccounts.name,
          isActive: chartOfAccounts.isActive,
          partyKind: chartOfAccounts.partyKind,
        })
        .from(chartOfAccounts)
        .where(eq(chartOfAccounts.id, input.accountId));
      if (!account) throw new PostingRefused({ accountId: TAX_RECORD_MESSAGES.accountUnknown });
      if (!account.isActive)
        throw new PostingRefused({ accountId: LEDGER_MESSAGES.accountInactive(account.code, account.name) });
      const role = TAX_KIND_ROLE[input.kind];
      const taxAccount = (await roleAccounts(tx, [role]))[role];
      if (taxAccount === input.accountId)
        throw new PostingRefused({ accountId: TAX_RECORD_MESSAGES.accountIsTaxOwn(account.code, account.name) });

      const [tax] = await tx
        .select({ code: chartOfAccounts.code, name: chartOfAccounts.name, partyKind: chartOfAccounts.partyKind })
        .from(chartOfAccounts)
        .where(eq(chartOfAccounts.id, taxAccount));
      // A control account's line names its party (issue 36): the record's typed party, as a record of the account's
      // kind (partyNamedFor). Without one, or with an employee's name no employee has, nothing is written.
      const partyFor = async (kind: ControlPartyKind | null, code: string, name: string) => {
        if (!kind) return null;
        if (!input.party)
          throw new PostingRefused({ party: TAX_RECORD_MESSAGES.controlPartyRequired(code, name, kind) });
        const party = await partyNamedFor(tx, actor, kind, input.party);
        if (!party) throw new PostingRefused({ party: TAX_RECORD_MESSAGES.employeeUnknown(input.party) });
        return party;
      };
      const taxParty = await partyFor(tax!.partyKind, tax!.code, tax!.name);
      const chosenParty = await partyFor(account.partyKind, account.code, account.name);

      const description = (
        input.description ?? `${TAX_KIND_LABELS[input.kind]}${input.party ? ` (${input.party})` : ""}`
      ).slice(0, 500);
      const amount = toPaisa(input.taxAmount);
      let entryId: string | null = null;
      if (amount === 0n) await assertOpenDate(tx, input.date);
      else
        entryId = await postEntry(tx, {
          date: input.date,
          description,
          reference: null,
          source: { type: "tax_record" },
          lines: taxRecordLines(input.kind, amount, { tax: taxAccount, chosen: input.accountId }).map((line) => ({
            ...line,
            party: line.accountId === taxAccount ? taxParty : chosenParty,
          })),
          createdBy: actor.userId,
        });
      const [id] = await writeTaxRecords(tx, [
        {
          date: input.date,
          kind: input.kind,
          accountId: input.accountId,
          rate: input.taxRate,
          taxableAmount: input.taxableAmount,
          taxAmount: input.taxAmount,
          reference: input.reference,
          description: input.description,
          party: input.party,
          partyBin,
          source: { type: "manual", id: null },
          journalEntryId: entryId,
          createdBy: actor.userId,
        },
      ]);
      await recordAudit(tx, actor, {
        action: "tax_record.created",
        entityType: "tax_record",
        entityId: id!,
        summary: `Added a tax record: ${taxRecordSummary(input)}, against ${account.code} ${account.name} (${ACCOUNT_ROLES[role].label})${entryId ? "" : "; no tax, nothing posted"}`,
        changes: { ...input, partyBin, journalEntryId: entryId },
      });
      const message = entryId ? TAX_RECORD_MESSAGES.added : TAX_RECORD_MESSAGES.addedUnposted;
      return { ok: true, message, id: id!, entryId };
    });
  } catch (error) {
    // Nothing of it was kept: the transaction rolled back.
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: TAX_RECORD_MESSAGES.failed, fields: FIELDS });
    throw error;
  }
}
