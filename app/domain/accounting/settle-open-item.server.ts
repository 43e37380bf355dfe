import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { journalEntries, journalLines, payslips, settlements, transactions } from "../../db/schema";
import { formatMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { DISBURSEMENT_MESSAGES } from "../payroll/disbursement-form";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { PAYMENT_METHOD_LABELS } from "./constants";
import { postEntry, PostingRefused, roleAccounts } from "./ledger.server";
import { partyOf, type PartyRef } from "./journal";
import { ledgerRefusal } from "./ledger-refusal";
import { moneyAccountProblem } from "./money-accounts.server";
import { settlementLines } from "./posting-rules";
import { parseSettleForm, SETTLE_MESSAGES, type OpenItemKind, type SettleFormValues } from "./settle-form";

// Settle (issue 21, DESIGN §10): a payable paid or a receivable received, all or part. One settlements row and its
// entry (settlementLines, source "settlement", source id the settlement's id) in one transaction with the audit
// line, under a row lock on the payable or receivable (`for update`): a second settlement at once waits, then reads
// what the first left and is refused more than that, with the amount's message. The settled amount is added in SQL
// (`settled_amount + amount`), never written from the row read, and transactions_settled_amount_check refuses a
// sum above the amount, so even without the lock two settlements could not overpay unseen (the second would fail
// on the check instead of getting a message). Settled in full, the document is completed and leaves the Payables &
// Receivables lists. A payroll's pending salary row (a payslip points at it) is refused: it is paid in Salary
// Disbursement, against salaries payable.

export type SettleResult = UseCaseResult<{ settlementId: string; entryId: string; left: string }>;

/** The open item's own receivable or payable account: the line its entry posted there (its debit for a receivable,
 * its credit for a payable), so a later change of Settings > Accounting's roles settles the account it was owed on;
 * and that line's party (issue 36), whom the settlement pays or is paid by. */
async function openItemAccount(
  tx: Tx,
  kind: OpenItemKind,
  journalEntryId: string | null,
): Promise<{ accountId: string; party: PartyRef | null }> {
  if (journalEntryId) {
    const [entry] = await tx
      .select({ sourceType: journalEntries.sourceType })
      .from(journalEntries)
      .where(eq(journalEntries.id, journalEntryId));
    if (entry?.sourceType === kind) {
      const lines = await tx
        .select({
          accountId: journalLines.accountId,
          debit: journalLines.debit,
          credit: journalLines.credit,
          customerId: journalLines.customerId,
          supplierId: journalLines.supplierId,
          employeeId: journalLines.employeeId,
        })
        .from(journalLines)
        .where(eq(journalLines.journalEntryId, journalEntryId));
      const line = lines.find((l) => toPaisa(kind === "receivable" ? l.debit : l.credit) > 0n);
      if (line) return { accountId: line.accountId, party: partyOf(line) };
    }
  }
  return { accountId: (await roleAccounts(tx, [kind]))[kind], party: null };
}

export async function settleOpenItem(db: Db, actor: AuditActor, values: SettleFormValues): Promise<SettleResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, SETTLE_MESSAGES.failed, errors);
  const parsed = parseSettleForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<SettleResult> => {
      // The lock: a second settlement of this document waits here until this one commits or rolls back.
      const [doc] = await tx.select().from(transactions).where(eq(transactions.id, input.id)).for("update");
      if (!doc) return failed("not-found", { form: SETTLE_MESSAGES.notFound });
      if (doc.status === "cancelled") return failed("conflict", { form: SETTLE_MESSAGES.cancelled });
      if (doc.status !== "pending") return failed("conflict", { form: SETTLE_MESSAGES.alreadySettled });
      // A payroll's salary row is paid with its payslip (Salary Disbursement), which posts against salaries payable.
      const [slip] = await tx.select({ id: payslips.id }).from(payslips).where(eq(payslips.transactionId, doc.id));
      if (slip) return failed("conflict", { form: DISBURSEMENT_MESSAGES.settleSalaryRow });
      const kind: OpenItemKind = doc.type === "income" ? "receivable" : "payable";
      const left = toPaisa(doc.amount) - toPaisa(doc.settledAmount);
      const amount = toPaisa(input.amount);
      if (left <= 0n) return failed("conflict", { form: SETTLE_MESSAGES.alreadySettled });
      const errors: Record<string, string> = {};
      if (input.date < doc.date) errors.date = SETTLE_MESSAGES.beforeDocument(doc.date);
      const problem = await moneyAccountProblem(tx, input.moneyAccountId, input.paymentMethod);
      if (problem) errors.moneyAccountId = problem;
      if (amount > left) errors.amount = SETTLE_MESSAGES.moreThanLeft(fromPaisa(left));
      if (Object.keys(errors).length > 0) return failed("invalid", errors);

      const { accountId: open, party: openParty } = await openItemAccount(tx, kind, doc.journalEntryId);
      const settlementId = randomUUID();
      const party = doc.party ?? doc.category;
      const entryId = await postEntry(tx, {
        date: input.date,
        description: `${kind === "payable" ? `Paid to ${party}` : `Received from ${party}`}: ${doc.category}${
          doc.description ? ` - ${doc.description}` : ""
        }`.slice(0, 500),
        source: { type: "settlement", id: settlementId },
        party: openParty,
        lines: settlementLines(
          doc.type,
          amount,
          kind === "payable"
            ? { money: input.moneyAccountId, payable: open }
            : { money: input.moneyAccountId, receivable: open },
        ),
        createdBy: actor.userId,
      });
      await tx.insert(settlements).values({
        id: settlementId,
        transactionId: doc.id,
        date: input.date,
        amount: input.amount,
        paymentMethod: input.paymentMethod,
        moneyAccountId: input.moneyAccountId,
        reference: input.reference,
        journalEntryId: entryId,
        createdBy: actor.userId,
      });
      const after = left - amount;
      await tx
        .update(transactions)
        .set({
          settledAmount: sql`${transactions.settledAmount} + ${input.amount}::numeric`,
          status: after === 0n ? "completed" : "pending",
          updatedAt: new Date(),
        })
        .where(and(eq(transactions.id, doc.id), eq(transactions.status, "pending")));
      await recordAudit(tx, actor, {
        action: `${kind}.settled`,
        entityType: "transaction",
        entityId: doc.id,
        summary: `${kind === "payable" ? "Paid" : "Received"} ${formatMoney(input.amount)} of the ${kind} ${
          doc.category
        } (${party}) through ${PAYMENT_METHOD_LABELS[input.paymentMethod].toLowerCase()}; ${formatMoney(fromPaisa(after))} left`,
        changes: { settlementId, ...input, left: fromPaisa(after), journalEntryId: entryId },
      });
      return {
        ok: true,
        message:
          after === 0n
            ? SETTLE_MESSAGES.settledInFull(kind, party)
            : SETTLE_MESSAGES.settledPart(kind, input.amount, fromPaisa(after)),
        settlementId,
        entryId,
        left: fromPaisa(after),
      };
    });
  } catch (error) {
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: SETTLE_MESSAGES.failed, fields: ["date"] });
    throw error;
  }
}
