import { and, gte, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { vatPeriods } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { formatMoney } from "../../lib/format";
import { toPaisa } from "../../lib/money";
import { randomUuid } from "../../lib/random-uuid";
import type { EntryLine } from "../accounting/journal";
import { postEntry, PostingRefused, roleAccounts } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { netVatText, parseVatCloseForm, VAT_CLOSE_MESSAGES, type VatCloseValues } from "./tax-filing-form";
import { hasEnded, periodLabelOf, vatPeriodOf } from "./vat-period";
import { lockForVatClose } from "./vat-period-lock.server";
import { creditToCarry, vatPeriodMonths, vatReturnFigures, vdsCreditByCustomer } from "./vat-return.server";

// Close a VAT period (issue 22; DESIGN §10): once its return is filed, the period's figures are kept as they were
// (vat_periods), input VAT and the certified VDS are set off against VAT payable (Dr VAT payable / Cr VAT input
// credit, Cr VAT withheld, dated the period's last day; the net stays payable until deposited), and nothing carrying
// VAT may be dated inside it any more (assertOpenVatPeriod). Under lockForVatClose: a document carrying VAT that is
// being saved holds the settings row FOR SHARE until it commits, so the figures below count it, or it waits and is
// refused. Only a period that has ended, never one overlapping a closed one.

export type CloseVatPeriodResult = UseCaseResult<{ id: string; entryId: string | null }>;

export async function closeVatPeriod(
  db: Db,
  actor: AuditActor,
  values: VatCloseValues,
  today: string = todayInDhaka(),
): Promise<CloseVatPeriodResult> {
  const parsed = parseVatCloseForm(values);
  if (!parsed.ok) return refuseFields("invalid", VAT_CLOSE_MESSAGES.failed, parsed.errors);
  try {
    return await db.transaction(async (tx): Promise<CloseVatPeriodResult> => {
      await lockForVatClose(tx);
      const period = vatPeriodOf(parsed.input.period, await vatPeriodMonths(tx));
      if (!hasEnded(period, today))
        throw new PostingRefused({ period: VAT_CLOSE_MESSAGES.notEnded(period.label, period.end) });
      const [overlap] = await tx
        .select({ start: vatPeriods.periodStart, end: vatPeriods.periodEnd })
        .from(vatPeriods)
        .where(and(lte(vatPeriods.periodStart, period.end), gte(vatPeriods.periodEnd, period.start)))
        .limit(1);
      if (overlap) {
        const label = periodLabelOf(overlap.start, overlap.end);
        throw new PostingRefused({
          period:
            overlap.start === period.start && overlap.end === period.end
              ? VAT_CLOSE_MESSAGES.alreadyClosed(label)
              : VAT_CLOSE_MESSAGES.overlaps(label),
        });
      }

      // Output VAT may be negative (the month's credit notes took back more than its invoices charged), and so may
      // input VAT (a purchase reversed in a later month) and the net: a credit carried forward into the next return
      // (issue 37), never a deposit. The credit of earlier returns not carried yet comes in here.
      const figures = await vatReturnFigures(tx, period);
      const carried = await creditToCarry(tx, period.start);
      const input = toPaisa(figures.inputVat);
      const vds = toPaisa(figures.vdsCredit);
      const id = randomUuid();
      let entryId: string | null = null;
      if (input !== 0n || vds !== 0n) {
        const roles = await roleAccounts(tx, ["vat.payable", "vat.input", "vat.withheld"]);
        // Each side as it falls: a negative input VAT is a debit to the input account, and VAT payable takes the rest.
        const line = (accountId: string, amount: bigint, description: string): EntryLine => ({
          accountId,
          debit: amount < 0n ? -amount : 0n,
          credit: amount > 0n ? amount : 0n,
          description,
        });
        const lines: EntryLine[] = [line(roles["vat.payable"], -(input + vds), "Set off against output VAT")];
        if (input !== 0n) lines.push(line(roles["vat.input"], input, "Input VAT claimed"));
        // Each customer's VDS receivable is credited with its own certificates (issue 36).
        for (const share of await vdsCreditByCustomer(tx, period, roles["vat.withheld"]))
          lines.push({
            ...line(roles["vat.withheld"], share.amount, "VDS certified"),
            party: share.customerId ? { kind: "customer", id: share.customerId } : null,
          });
        entryId = await postEntry(tx, {
          date: period.end,
          description: `VAT return ${period.label}: input VAT and VDS set off against VAT payable`,
          reference: null,
          source: { type: "vat_close", id },
          lines: lines.filter((l) => l.debit !== 0n || l.credit !== 0n),
          createdBy: actor.userId,
        });
      }
      await tx.insert(vatPeriods).values({
        id,
        periodStart: period.start,
        periodEnd: period.end,
        outputVat: figures.outputVat,
        inputVat: figures.inputVat,
        vdsCredit: figures.vdsCredit,
        carriedIn: figures.carriedIn,
        netPayable: figures.netPayable,
        journalEntryId: entryId,
        closedBy: actor.userId,
      });
      // The earlier credits this return took in are carried: no later return takes them again.
      if (carried.periods.length > 0)
        await tx
          .update(vatPeriods)
          .set({ carriedIntoId: id })
          .where(
            inArray(
              vatPeriods.id,
              carried.periods.map((p) => p.id),
            ),
          );
      await recordAudit(tx, actor, {
        action: "vat_period.closed",
        entityType: "vat_period",
        entityId: id,
        summary: `Closed the VAT period ${period.label}: output ${formatMoney(figures.outputVat)}, input ${formatMoney(figures.inputVat)}, VDS ${formatMoney(figures.vdsCredit)}${
          carried.amount > 0n
            ? `, credit brought forward ${formatMoney(figures.carriedIn)} (${carried.periods.map((p) => p.label).join(", ")})`
            : ""
        }, net ${netVatText(figures.netPayable)}`,
        changes: {
          periodStart: period.start,
          periodEnd: period.end,
          ...figures,
          carriedFrom: carried.periods.map((p) => p.label),
          journalEntryId: entryId,
        },
      });
      return { ok: true, message: VAT_CLOSE_MESSAGES.closed(period.label, figures.netPayable), id, entryId };
    });
  } catch (error) {
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: VAT_CLOSE_MESSAGES.failed, fields: ["period"] });
    throw error;
  }
}
