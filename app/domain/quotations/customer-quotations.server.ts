import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { quotationLines, quotationRevisions, quotations as t } from "../../db/schema";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { listOrder, pageOf } from "../../lib/list-query.server";
import type { QuotationStatus } from "./constants";
import { CUSTOMER_QUOTATION_LIST } from "./customer-quotation-list";
import { hashLinkToken, LINK_TOKEN_PATTERN } from "./link-token";

// What a customer may see of quotations (backoffice.md §6, DESIGN §8): only those whose e-mail is their own,
// compared without regard to case. Every portal read goes through ownedBy, so another customer's quotation is
// simply not there (the pages answer 404, never 403, and say nothing about whether it exists).

/**
 * The one ownership rule: the quotation's e-mail is the customer's, case-insensitively. The portal's invoices and
 * credit notes (issue 22) are the customer's through their quotation, by this same rule.
 */
export function ownedBy(customer: { email: string }): SQL {
  return sql`lower(${t.email}) = ${customer.email.trim().toLowerCase()}`;
}

const SORT_COLUMNS = {
  created: t.createdAt,
  date: t.eventDate,
  event: t.eventName,
} as const;

export interface CustomerQuotationRow {
  id: string;
  eventName: string;
  eventDate: string;
  status: QuotationStatus;
  createdAt: Date;
}

/** One page of the customer's own quotations, filtered by status and sorted as the URL asks. */
export async function listCustomerQuotations(
  db: DbOrTx,
  customer: { email: string },
  state: StateOf<typeof CUSTOMER_QUOTATION_LIST>,
): Promise<ListPage<CustomerQuotationRow>> {
  const where = and(ownedBy(customer), state.filters.status ? eq(t.status, state.filters.status) : undefined);
  return pageOf(db, CUSTOMER_QUOTATION_LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      db
        .select({ id: t.id, eventName: t.eventName, eventDate: t.eventDate, status: t.status, createdAt: t.createdAt })
        .from(t)
        .where(where)
        .orderBy(...listOrder(SORT_COLUMNS[state.sort], state.dir, t.id))
        .limit(limit)
        .offset(offset),
  });
}

/** A line as the customer sees it; prices only once the quotation has been sent. */
export interface CustomerQuotationLine {
  name: string;
  size: string | null;
  quantity: number;
}
export interface CustomerPricedLine extends CustomerQuotationLine {
  unitPrice: string;
  /** As sent (ADR 0019); null in revisions sent before pricing by period, or for a price charged once. */
  priceUnit: string | null;
  days: number | null;
  total: string;
}

/** The figures of the revision last sent to the customer. */
export interface CustomerQuotationPrices {
  revision: number;
  lines: CustomerPricedLine[];
  subtotal: string;
  discount: string;
  vatRatePercent: string;
  vatAmount: string;
  total: string;
  validUntil: Date;
  /** The terms it was sent with, as its PDF prints them. */
  terms: string[];
}

export interface CustomerQuotation {
  id: string;
  status: QuotationStatus;
  createdAt: Date;
  eventName: string;
  eventDate: string;
  rentalEndDate: string | null;
  eventTime: string;
  eventLocation: string;
  notes: string | null;
  /** Sent at least once: the current revision's lines and money, exactly as sent. */
  prices: CustomerQuotationPrices | null;
  /** Never sent: the lines as requested, without prices. */
  requestedLines: CustomerQuotationLine[];
  /** Sent, and its link not yet expired: the customer may approve, reject or ask to negotiate. */
  canRespond: boolean;
}

/**
 * One of the customer's own quotations; undefined for a malformed id, an unknown one, or another customer's.
 * Once sent, the lines and money are those of the revision last sent (quotations.revision), not the prices
 * staff may be changing meanwhile.
 */
export function getCustomerQuotation(
  db: DbOrTx,
  customer: { email: string },
  id: string,
): Promise<CustomerQuotation | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return readQuotation(db, and(eq(t.id, id.toLowerCase()), ownedBy(customer))!);
}

export type LinkedQuotation =
  | { state: "open"; quotation: CustomerQuotation }
  /** The link is the quotation's current one, but its 7 days are over. */
  | { state: "expired"; id: string; eventName: string }
  /** No quotation has this link now: a newer send replaced it, or it never existed. */
  | { state: "unknown" };

/** The quotation the e-mailed link opens, by its token (only the SHA-256 is stored and compared). */
export async function getQuotationByLink(db: DbOrTx, token: string): Promise<LinkedQuotation> {
  if (!LINK_TOKEN_PATTERN.test(token)) return { state: "unknown" };
  const quotation = await readQuotation(db, eq(t.secureLinkTokenHash, hashLinkToken(token)));
  if (!quotation) return { state: "unknown" };
  // Once answered (approved, rejected, negotiating), the link still shows the outcome until it expires.
  if (!quotation.linkLive) return { state: "expired", id: quotation.id, eventName: quotation.eventName };
  return { state: "open", quotation };
}

async function readQuotation(db: DbOrTx, where: SQL): Promise<(CustomerQuotation & { linkLive: boolean }) | undefined> {
  const [row] = await db
    .select({
      id: t.id,
      status: t.status,
      createdAt: t.createdAt,
      eventName: t.eventName,
      eventDate: t.eventDate,
      rentalEndDate: t.rentalEndDate,
      eventTime: t.eventTime,
      eventLocation: t.eventLocation,
      notes: t.notes,
      revision: t.revision,
      linkLive: sql<boolean>`coalesce(${t.secureLinkExpiresAt} > now(), false)`,
      prices: {
        revision: quotationRevisions.revision,
        lines: quotationRevisions.lines,
        subtotal: quotationRevisions.subtotal,
        discount: quotationRevisions.discount,
        vatRatePercent: quotationRevisions.vatRatePercent,
        vatAmount: quotationRevisions.vatAmount,
        total: quotationRevisions.total,
        validUntil: quotationRevisions.validUntil,
        terms: quotationRevisions.terms,
      },
    })
    .from(t)
    .leftJoin(
      quotationRevisions,
      and(eq(quotationRevisions.quotationId, t.id), eq(quotationRevisions.revision, t.revision)),
    )
    .where(where);
  if (!row) return undefined;
  const { revision, prices, ...quotation } = row;
  const canRespond = quotation.status === "sent" && quotation.linkLive;
  if (revision > 0 && prices) {
    return {
      ...quotation,
      canRespond,
      prices: {
        ...prices,
        lines: prices.lines.map((l) => ({
          name: l.name,
          size: l.size,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          priceUnit: l.priceUnit ?? null,
          days: l.days ?? null,
          total: l.total,
        })),
      },
      requestedLines: [],
    };
  }
  const requestedLines = await db
    .select({ name: quotationLines.name, size: quotationLines.size, quantity: quotationLines.quantity })
    .from(quotationLines)
    .where(eq(quotationLines.quotationId, row.id))
    .orderBy(asc(quotationLines.lineNo), asc(quotationLines.id));
  return { ...quotation, canRespond, prices: null, requestedLines };
}
