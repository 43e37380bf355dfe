import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { chartOfAccounts, taxDeposits, vatPeriods } from "../../db/schema";
import { formatMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { randomUuid } from "../../lib/random-uuid";
import { twoLines, type EntryLine } from "../accounting/journal";
import { partyBalancesOn } from "../accounting/party-balances.server";
import { postEntry, PostingRefused, roleAccounts } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { moneyAccountProblem } from "../accounting/money-accounts.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import {
  parseTaxDepositForm,
  TAX_DEPOSIT_KIND_LABELS,
  TAX_DEPOSIT_MESSAGES as M,
  TAX_DEPOSIT_ROLE,
  type TaxDepositFormValues,
} from "./tax-filing-form";
import { periodLabelOf } from "./vat-period";

// A tax deposit (issue 22; DESIGN §10): tax paid to the treasury with a challan, from a bank account. Posts Dr the
// liability it pays off / Cr the bank: VAT payable, the company's income tax payable, or withholding tax payable
// (income tax withheld from suppliers and employees); one challan number per kind. A VAT deposit may name the closed
// period it pays (the screen shows each period's deposits beside its net payable). A deposit is undone by reversing it
// (reverse-tax-deposit.server.ts), after which its challan number may be recorded again.

export type RecordTaxDepositResult = UseCaseResult<{ id: string; entryId: string }>;

const FIELDS = ["kind", "challanNo", "date", "amount", "moneyAccountId", "vatPeriodId"] as const;

/**
 * The deposit's lines: Dr the tax's account / Cr the bank. When the tax's account is kept by party (withholding tax
 * payable, issue 36), one challan pays the tax withheld from several people: the debit is shared out among those
 * still owed for, oldest first, as at the deposit's date; more than is owed is refused (it would be no one's).
 */
async function depositLines(
  tx: DbOrTx,
  taxAccount: string,
  bankAccount: string,
  amount: bigint,
  date: string,
): Promise<EntryLine[]> {
  const [account] = await tx
    .select({ partyKind: chartOfAccounts.partyKind })
    .from(chartOfAccounts)
    .where(eq(chartOfAccounts.id, taxAccount));
  if (!account?.partyKind) return twoLines(taxAccount, bankAccount, amount);
  // Two deposits at once share out what is owed one after the other, never the same balance twice.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax-deposit:${taxAccount}`}))`);
  const lines: EntryLine[] = [];
  let left = amount;
  let owed = 0n;
  // A liability: what is owed for each party is its credit balance.
  for (const { party, balance } of await partyBalancesOn(tx, taxAccount, date)) {
    if (balance >= 0n) continue;
    owed -= balance;
    if (left === 0n) continue;
    const share = left < -balance ? left : -balance;
    lines.push({ accountId: taxAccount, debit: share, credit: 0n, party });
    left -= share;
  }
  if (left > 0n) throw new PostingRefused({ amount: M.moreThanWithheld(formatMoney(fromPaisa(owed)), date) });
  lines.push({ accountId: bankAccount, debit: 0n, credit: amount });
  return lines;
}

export async function recordTaxDeposit(
  db: Db,
  actor: AuditActor,
  values: TaxDepositFormValues,
): Promise<RecordTaxDepositResult> {
  const parsed = parseTaxDepositForm(values);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<RecordTaxDepositResult> => {
      const problem = await moneyAccountProblem(tx, input.moneyAccountId, "bank");
      if (problem) throw new PostingRefused({ moneyAccountId: problem });
      const [taken] = await tx
        .select({ id: taxDeposits.id })
        .from(taxDeposits)
        // A reversed deposit's number may be recorded again (issue 36), corrected.
        .where(
          and(
            eq(taxDeposits.kind, input.kind),
            eq(taxDeposits.challanNo, input.challanNo),
            isNull(taxDeposits.reversedAt),
          ),
        );
      if (taken) throw new PostingRefused({ challanNo: M.challanTaken(input.kind, input.challanNo) });
      let periodLabel: string | null = null;
      if (input.vatPeriodId) {
        const [period] = await tx
          .select({ start: vatPeriods.periodStart, end: vatPeriods.periodEnd })
          .from(vatPeriods)
          .where(eq(vatPeriods.id, input.vatPeriodId));
        if (!period) throw new PostingRefused({ vatPeriodId: M.periodUnknown });
        periodLabel = periodLabelOf(period.start, period.end);
      }
      const role = TAX_DEPOSIT_ROLE[input.kind];
      const taxAccount = (await roleAccounts(tx, [role]))[role];
      const id = randomUuid();
      const what = `${TAX_DEPOSIT_KIND_LABELS[input.kind]} deposit, challan ${input.challanNo}${periodLabel ? ` (${periodLabel})` : ""}`;
      const entryId = await postEntry(tx, {
        date: input.date,
        description: what,
        reference: null,
        source: { type: "tax_deposit", id },
        lines: await depositLines(tx, taxAccount, input.moneyAccountId, toPaisa(input.amount), input.date),
        createdBy: actor.userId,
      });
      await tx.insert(taxDeposits).values({
        id,
        kind: input.kind,
        challanNo: input.challanNo,
        date: input.date,
        amount: input.amount,
        moneyAccountId: input.moneyAccountId,
        vatPeriodId: input.vatPeriodId,
        notes: input.notes,
        journalEntryId: entryId,
        createdBy: actor.userId,
      });
      await recordAudit(tx, actor, {
        action: "tax_deposit.created",
        entityType: "tax_deposit",
        entityId: id,
        summary: `Recorded the ${what} of ${formatMoney(input.amount)}`,
        changes: { ...input, journalEntryId: entryId },
      });
      return { ok: true, message: M.added(input.kind, input.challanNo), id, entryId };
    });
  } catch (error) {
    if (error instanceof PostingRefused) return ledgerRefusal(error, { failed: M.failed, fields: FIELDS });
    // Two deposits of the same challan at once: the second is refused by the constraint.
    if (isUniqueViolation(error, "tax_deposits_challan_unique"))
      return refuseFields("invalid", M.failed, { challanNo: M.challanTaken(input.kind, input.challanNo) });
    throw error;
  }
}
