import type { Db } from "../../db/client.server";
import { formatMoney } from "../../lib/format";
import { PostingRefused } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import {
  BANK_TRANSACTION_FIELDS,
  BANK_TRANSACTION_FORM_MESSAGES as M,
  parseBankTransactionForm,
  type BankTransactionFormValues,
} from "./bank-transaction-form";
import { BANK_TRANSACTION_KIND_LABELS } from "./constants";
import { postBankTransaction } from "./post-bank-transaction.server";

// Add Transaction (Bank Reconciliation; issue 23, DESIGN §10): a deposit, withdrawal, bank charge, interest or transfer
// between own accounts typed on the reconciliation screen. Posts Dr the bank / Cr the other side (money in) or the
// reverse, writes its bank_transactions row and the audit line, all in one transaction; a refusal of the book (a
// deactivated account, a locked date, an account of the wrong kind, a control account's party missing or of the wrong
// kind: issue 36) names the form's field and writes nothing.

export type AddBankTransactionResult = UseCaseResult<{ id: string; entryId: string; bankLineId: string }>;

export async function addBankTransaction(
  db: Db,
  actor: AuditActor,
  values: BankTransactionFormValues,
): Promise<AddBankTransactionResult> {
  const parsed = parseBankTransactionForm(values);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<AddBankTransactionResult> => {
      const posted = await postBankTransaction(tx, { ...input, createdBy: actor.userId });
      await recordAudit(tx, actor, {
        action: "bank_transaction.created",
        entityType: "bank_transaction",
        entityId: posted.id,
        summary: `Added a ${BANK_TRANSACTION_KIND_LABELS[input.kind].toLowerCase()} of ${formatMoney(input.amount)}${
          input.description ? ` (${input.description})` : ""
        }${posted.party ? `, an adjustment of ${posted.party.kind} ${posted.party.name}` : ""}`,
        changes: {
          ...input,
          counterAccountId: posted.counterAccountId,
          party: posted.party,
          journalEntryId: posted.entryId,
        },
      });
      return {
        ok: true,
        message: M.added(input.kind, input.amount),
        id: posted.id,
        entryId: posted.entryId,
        bankLineId: posted.bankLineId,
      };
    });
  } catch (error) {
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: M.failed, fields: BANK_TRANSACTION_FIELDS });
    throw error;
  }
}
