// Quotations with lines, written straight to the database, for tests that need one in a given state; and the
// staff panel's form as it opens on one.
import { asc, eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server";
import { inventoryItems, quotationLines, quotations } from "../../app/db/schema";
import type { QuotationStatus } from "../../app/domain/quotations/constants";
import { hashLinkToken, linkExpiry, newLinkToken } from "../../app/domain/quotations/link-token";
import type { QuoteFormValues } from "../../app/domain/quotations/quote-form";

let seq = 0;

/** An inventory item with `quantity` units at `price` taka a unit. */
export async function insertItem(
  name: string,
  quantity: number,
  price = "1000",
  extra: Partial<typeof inventoryItems.$inferInsert> = {},
) {
  const [row] = await getDb()
    .insert(inventoryItems)
    .values({
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${++seq}-${Date.now().toString(36)}`,
      name,
      description: `${name} for tests`,
      category: "lighting",
      price,
      quantity,
      ...extra,
    })
    .returning({ id: inventoryItems.id });
  return row!.id;
}

export interface QuotationFixture {
  id: string;
  /** The link's token (only for sent ones, or when `withLink` is set), as the e-mail would carry it. */
  token: string | null;
}

/**
 * A quotation in `status` for `email`, with lines [item id, quantity, unit price]. A sent (or `withLink`) one
 * gets a link token valid 7 days from now unless `extra.secureLinkExpiresAt` says otherwise.
 */
export async function insertQuotation(
  status: QuotationStatus,
  email: string,
  lines: Array<[string, number, string?]>,
  extra: Partial<typeof quotations.$inferInsert> = {},
  withLink = status === "sent",
): Promise<QuotationFixture> {
  const token = withLink ? newLinkToken() : null;
  const [q] = await getDb()
    .insert(quotations)
    .values({
      customerName: "Test Customer",
      email,
      phone: "01700000000",
      eventName: `Event ${++seq}`,
      eventDate: "2027-03-13",
      eventTime: "10:00",
      eventLocation: "Dhaka",
      status,
      secureLinkTokenHash: token ? hashLinkToken(token) : null,
      secureLinkExpiresAt: token ? linkExpiry(new Date()) : null,
      sentAt: token ? new Date() : null,
      revision: token ? 1 : 0,
      ...extra,
    })
    .returning({ id: quotations.id });
  if (lines.length)
    await getDb()
      .insert(quotationLines)
      .values(
        lines.map(([inventoryItemId, quantity, unitPrice = "100"], lineNo) => ({
          quotationId: q!.id,
          inventoryItemId,
          name: `Line ${lineNo + 1}`,
          quantity,
          unitPrice,
          total: (Number(unitPrice) * quantity).toFixed(2),
          lineNo,
        })),
      );
  return { id: q!.id, token };
}

/** The panel's form as it opens on a quotation: its stored lines, prices and version; `extra` changes it. */
export async function panelValues(id: string, extra: Partial<QuoteFormValues> = {}): Promise<QuoteFormValues> {
  const db = getDb();
  const [q] = await db.select().from(quotations).where(eq(quotations.id, id));
  const lines = await db
    .select()
    .from(quotationLines)
    .where(eq(quotationLines.quotationId, id))
    .orderBy(asc(quotationLines.lineNo));
  return {
    id,
    version: q!.updatedAt.toISOString(),
    lines: lines.map((l) => ({
      lineId: l.id,
      itemId: l.inventoryItemId ?? "",
      name: l.name,
      quantity: String(l.quantity),
      unitPrice: l.unitPrice,
    })),
    discount: q!.discount === "0.00" ? "" : q!.discount,
    rentalEndDate: q!.rentalEndDate ?? "",
    message: "",
    ...extra,
  };
}
