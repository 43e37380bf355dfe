import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { transactions } from "../../db/schema";
import { formatMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { purchaseVatSplit } from "../tax/purchase-vat";
import { writeTaxRecords } from "../tax/tax-register.server";
import { assertOpenVatPeriod } from "../tax/vat-period-lock.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { categoryRole, type AccountRole } from "./account-roles";
import { PAYMENT_METHOD_LABELS } from "./constants";
import { postEntry, PostingRefused, roleAccounts } from "./ledger.server";
import { ledgerRefusal } from "./ledger-refusal";
import { partyNamed, supplierBinNamed } from "./party-records.server";
import { moneyAccountProblem } from "./money-accounts.server";
import {
  MONEY_DOCUMENT_MESSAGES,
  parseMoneyDocumentForm,
  type MoneyDocumentFormValues,
  type MoneyDocumentInput,
  type MoneyDocumentKind,
} from "./money-document-form";
import { completedTransactionLines, openItemLines, withInputVat } from "./posting-rules";

// New Transaction, New Payable, New Receivable (issue 21, DESIGN §10): one use case, one transaction with its entry
// and audit line. A completed one posts at once through the money account chosen (completedTransactionLines, source
// "transaction"); a pending one is a receivable (income) or payable (expense), posted against the receivable or
// payable role's account (openItemLines, source "receivable" / "payable") and owed until settled. The accounts come
// from Settings > Accounting's roles: the category's, and the receivable's or payable's.
// An expense entered with VAT (issue 22) posts the VAT included in its amount to input VAT (the vat.input role) and
// the rest to the category, and writes its input VAT row of the tax register (the purchase register's, with the
// supplier and BIN) in the same transaction; refused, naming the date, inside a closed VAT period. Only VAT at the
// standard rate with the supplier's 13-digit BIN (typed, else the one on the supplier's record) is input VAT
// (inputVatClaim, issue 37): at 15% without a BIN the claim is refused, naming the BIN; a reduced or truncated
// rate's VAT stays in the cost (the category takes the whole amount, no register row, no VAT period lock); a 0%
// purchase keeps its register row of VAT 0.

export type CreateMoneyDocumentResult = UseCaseResult<{ id: string; entryId: string }>;

/** The account of one role, its refusal naming `field` (the role's category, say) rather than the whole form. */
async function roleAccount(tx: Tx, role: AccountRole, field: string): Promise<string> {
  try {
    return (await roleAccounts(tx, [role]))[role];
  } catch (error) {
    if (error instanceof PostingRefused) throw new PostingRefused({ [field]: error.message });
    throw error;
  }
}

/** The entry's description: what, for whom, and the words typed. */
export function documentEntryDescription(
  input: Pick<MoneyDocumentInput, "type" | "status" | "category" | "description" | "party">,
): string {
  const what =
    input.status === "pending"
      ? input.type === "income"
        ? `Receivable${input.party ? ` from ${input.party}` : ""}: ${input.category}`
        : `Payable${input.party ? ` to ${input.party}` : ""}: ${input.category}`
      : `${input.category}${input.party ? ` (${input.party})` : ""}`;
  return (input.description ? `${what} - ${input.description}` : what).slice(0, 500);
}

export async function createMoneyDocument(
  db: Db,
  actor: AuditActor,
  kind: MoneyDocumentKind,
  values: MoneyDocumentFormValues,
): Promise<CreateMoneyDocumentResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, MONEY_DOCUMENT_MESSAGES.addFailed[kind], errors);
  const parsed = parseMoneyDocumentForm(values, kind);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<CreateMoneyDocumentResult> => {
      if (input.moneyAccountId) {
        const problem = await moneyAccountProblem(tx, input.moneyAccountId, input.paymentMethod);
        if (problem) return failed("invalid", { moneyAccountId: problem });
      }
      const categoryAccount = await roleAccount(tx, categoryRole(input.type, input.category), "category");
      const amount = toPaisa(input.amount);
      // The form refuses VAT on income; the use case only ever splits an expense.
      const purchaseVat = input.vat && input.type === "expense" ? input.vat : null;
      const supplierBin =
        purchaseVat?.partyBin ?? (purchaseVat && input.party ? await supplierBinNamed(tx, input.party) : null);
      const split = purchaseVat ? purchaseVatSplit(amount, purchaseVat.rate, supplierBin) : null;
      if (split && !split.claim.claimable && split.claim.reason === "no_bin")
        return failed("invalid", { partyBin: MONEY_DOCUMENT_MESSAGES.vatBinRequired });
      // The purchase register lists what is claimed, and a zero-rated purchase at VAT 0; a reduced rate's is a cost.
      const registered = split !== null && (split.claim.claimable || split.claim.reason === "zero_rate");
      if (registered) await assertOpenVatPeriod(tx, input.date, "date");
      const vat = split?.inputVat ?? 0n;
      const vatInputAccount = vat > 0n ? await roleAccount(tx, "vat.input", "vatRate") : null;
      const [row] = await tx
        .insert(transactions)
        .values({
          date: input.date,
          type: input.type,
          category: input.category,
          description: input.description,
          amount: input.amount,
          paymentMethod: input.paymentMethod,
          reference: input.reference,
          party: input.party,
          dueDate: input.dueDate,
          status: input.status,
          accountId: categoryAccount,
          moneyAccountId: input.moneyAccountId,
          createdBy: actor.userId,
        })
        .returning({ id: transactions.id });
      const id = row!.id;

      // A payable's supplier, a receivable's customer: the record of the typed name, or a new one (issue 36).
      const party =
        input.status === "pending" && input.party
          ? await partyNamed(tx, actor, input.type === "expense" ? "supplier" : "customer", input.party)
          : null;
      let lines;
      let source: "transaction" | "receivable" | "payable";
      if (input.status === "completed") {
        lines = completedTransactionLines(input.type, amount, {
          category: categoryAccount,
          money: input.moneyAccountId!,
        });
        source = "transaction";
      } else if (input.type === "income") {
        const receivable = await roleAccount(tx, "receivable", "form");
        lines = openItemLines("income", amount, { category: categoryAccount, receivable });
        source = "receivable";
      } else {
        const payable = await roleAccount(tx, "payable", "form");
        lines = openItemLines("expense", amount, { category: categoryAccount, payable });
        source = "payable";
      }
      if (vatInputAccount) lines = withInputVat(lines, categoryAccount, vat, vatInputAccount);
      const entryId = await postEntry(tx, {
        date: input.date,
        description: documentEntryDescription(input),
        source: { type: source, id },
        party,
        lines,
        createdBy: actor.userId,
      });
      await tx.update(transactions).set({ journalEntryId: entryId }).where(eq(transactions.id, id));
      if (purchaseVat && registered) {
        await writeTaxRecords(tx, [
          {
            date: input.date,
            kind: "input_vat",
            accountId: categoryAccount,
            rate: fromPaisa(toPaisa(purchaseVat.rate)),
            taxableAmount: fromPaisa(amount - vat),
            taxAmount: fromPaisa(vat),
            reference: input.reference,
            description: documentEntryDescription(input),
            party: input.party,
            partyBin: split.claim.claimable ? split.claim.supplierBin : purchaseVat.partyBin,
            source: { type: "transaction", id },
            journalEntryId: entryId,
            createdBy: actor.userId,
          },
        ]);
      }

      const noun = source === "transaction" ? `${input.type} transaction` : source;
      await recordAudit(tx, actor, {
        action: `${source}.created`,
        entityType: "transaction",
        entityId: id,
        summary: `Added the ${noun} ${input.category} of ${formatMoney(input.amount)}${
          input.party ? ` (${input.party})` : ""
        }, ${input.status === "completed" ? `paid through ${PAYMENT_METHOD_LABELS[input.paymentMethod].toLowerCase()}` : "pending"}${
          purchaseVat && split
            ? `, VAT ${formatMoney(fromPaisa(split.vat))} at ${purchaseVat.rate}% included${split.inputVat === split.vat ? "" : ", not claimable: in the cost"}`
            : ""
        }`,
        changes: {
          ...input,
          journalEntryId: entryId,
          ...(split
            ? { vatAmount: fromPaisa(split.vat), inputVat: fromPaisa(split.inputVat), netAmount: fromPaisa(split.cost) }
            : {}),
        },
      });
      return { ok: true, message: MONEY_DOCUMENT_MESSAGES.added[kind], id, entryId };
    });
  } catch (error) {
    // Nothing of it was kept: the transaction rolled back.
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, {
        failed: MONEY_DOCUMENT_MESSAGES.addFailed[kind],
        fields: ["date", "category", "moneyAccountId", "vatRate"],
      });
    throw error;
  }
}
