import type { Db, DbOrTx } from "../../db/client.server";
import { formatMoney } from "../../lib/format";
import { fromPaisa } from "../../lib/money";
import type { PartyRef } from "../accounting/journal";
import { PostingRefused } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type UseCaseResult } from "../use-case";
import { kindFits, kindMisfit } from "./bank-rule-form";
import { BANK_TRANSACTION_KIND_LABELS, type BankTransactionKind } from "./constants";
import {
  CREATE_FROM_LINE_FIELDS,
  CREATE_FROM_LINE_MESSAGES as M,
  parseCreateFromLineForm,
  type CreateFromLineValues,
} from "./create-from-statement-line-form";
import {
  lockStatementLine,
  matchLockedLine,
  statementLineLabel,
  type LockedStatementLine,
} from "./match-statement-line.server";
import { postBankTransaction } from "./post-bank-transaction.server";

// Creating the missing entry from a statement line (issue 23; DESIGN §10 "bank statement line with no entry"): a bank
// transaction posted from the line (postBankTransaction: its date, |amount|, the direction of its sign, its
// description and reference, the kind and account chosen or a rule's) and matched to the line, in one transaction
// under the line's row lock; refused when the line is matched already. Audited twice: the transaction and the match.

/** A refusal raised inside a larger transaction, to roll it back and answer with it. */
export class MatchRefused extends Error {
  constructor(readonly refused: UseCaseResult) {
    super(refused.ok ? "refused" : refused.message);
    this.name = "MatchRefused";
  }
}

/**
 * Posts the bank transaction for the locked, unmatched line and matches it, in the caller's transaction. Throws
 * PostingRefused (the book's refusals: accountId, counterAccountId, date) or MatchRefused.
 */
export async function createFromLockedLine(
  tx: DbOrTx,
  actor: AuditActor,
  line: LockedStatementLine,
  choice: {
    kind: BankTransactionKind;
    counterAccountId: string | null;
    /** On a control account, the party the entry adjusts (never a rule's: a rule posts to no control account). */
    party?: PartyRef | null;
    ruleId?: string | null;
    ruleText?: string;
  },
): Promise<{ id: string; entryId: string }> {
  if (line.matched > 0) throw new MatchRefused(refuse("conflict", M.alreadyMatched(statementLineLabel(line))));
  if (!kindFits(choice.kind, line.amount)) {
    const message = kindMisfit(choice.kind, line.amount);
    throw new MatchRefused(refuse("invalid", message, { kind: message }));
  }
  const amount = fromPaisa(line.amount < 0n ? -line.amount : line.amount);
  const posted = await postBankTransaction(tx, {
    accountId: line.accountId,
    kind: choice.kind,
    direction: line.amount > 0n ? "in" : "out",
    counterAccountId: choice.counterAccountId,
    date: line.date,
    amount,
    description: line.description.slice(0, 200),
    reference: line.reference?.slice(0, 60) ?? null,
    party: choice.party ?? null,
    statementLineId: line.id,
    ruleId: choice.ruleId ?? null,
    createdBy: actor.userId,
  });
  const label = BANK_TRANSACTION_KIND_LABELS[choice.kind];
  await recordAudit(tx, actor, {
    action: "bank_transaction.created",
    entityType: "bank_transaction",
    entityId: posted.id,
    summary: `Made a ${label.toLowerCase()} of ${formatMoney(amount)} from statement line ${statementLineLabel(line)}${
      posted.party ? `, an adjustment of ${posted.party.kind} ${posted.party.name}` : ""
    }${choice.ruleText ? ` by the rule ${choice.ruleText}` : ""}`,
    changes: {
      statementLineId: line.id,
      kind: choice.kind,
      direction: posted.direction,
      counterAccountId: posted.counterAccountId,
      party: posted.party,
      ruleId: choice.ruleId ?? null,
      journalEntryId: posted.entryId,
    },
  });
  const refused = await matchLockedLine(tx, actor, line, [posted.bankLineId], "made into an entry and matched");
  if (refused) throw new MatchRefused(refused);
  return { id: posted.id, entryId: posted.entryId };
}

export type CreateFromLineResult = UseCaseResult<{ id: string; entryId: string }>;

export async function createFromStatementLine(
  db: Db,
  actor: AuditActor,
  values: CreateFromLineValues,
): Promise<CreateFromLineResult> {
  const parsed = parseCreateFromLineForm(values);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<CreateFromLineResult> => {
      const line = await lockStatementLine(tx, input.statementLineId);
      if (!line) return refuse("not-found", M.lineUnknown, { statementLineId: M.lineUnknown });
      const made = await createFromLockedLine(tx, actor, line, input);
      return { ok: true, message: M.done(BANK_TRANSACTION_KIND_LABELS[input.kind]), ...made };
    });
  } catch (error) {
    if (error instanceof MatchRefused) return error.refused as CreateFromLineResult;
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: M.failed, fields: CREATE_FROM_LINE_FIELDS });
    throw error;
  }
}
