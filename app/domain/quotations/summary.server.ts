import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { quotationLines, quotations } from "../../db/schema";
import type { QuotationSummary } from "./created-emails";

export type { QuotationSummary, QuotationSummaryLine } from "./created-emails";

/** The columns of a quotation summary, for selects and for `returning`. */
export const summaryColumns = {
  id: quotations.id,
  status: quotations.status,
  customerName: quotations.customerName,
  email: quotations.email,
  phone: quotations.phone,
  eventName: quotations.eventName,
  eventDate: quotations.eventDate,
  eventTime: quotations.eventTime,
  eventLocation: quotations.eventLocation,
  notes: quotations.notes,
  total: quotations.total,
  createdAt: quotations.createdAt,
};

function selectSummary(db: DbOrTx) {
  return db.select(summaryColumns).from(quotations);
}
type SummaryRow = Awaited<ReturnType<typeof selectSummary>>[number];

async function withLines(db: DbOrTx, row: SummaryRow): Promise<QuotationSummary> {
  const lines = await db
    .select({
      inventoryItemId: quotationLines.inventoryItemId,
      name: quotationLines.name,
      size: quotationLines.size,
      quantity: quotationLines.quantity,
      unitPrice: quotationLines.unitPrice,
      total: quotationLines.total,
    })
    .from(quotationLines)
    .where(eq(quotationLines.quotationId, row.id))
    .orderBy(asc(quotationLines.lineNo));
  return { ...row, createdAt: row.createdAt.toISOString(), lines };
}

/** A stored quotation with its lines in order, or null when there is none with this id. */
export async function loadQuotationSummary(db: DbOrTx, id: string): Promise<QuotationSummary | null> {
  const [row] = await selectSummary(db).where(eq(quotations.id, id)).limit(1);
  return row ? withLines(db, row) : null;
}

/** The quotation a form with this idempotency key created, or null. */
export async function findQuotationByIdempotencyKey(db: DbOrTx, key: string): Promise<QuotationSummary | null> {
  const [row] = await selectSummary(db).where(eq(quotations.idempotencyKey, key)).limit(1);
  return row ? withLines(db, row) : null;
}
