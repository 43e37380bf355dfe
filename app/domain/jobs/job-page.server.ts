import { asc, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { inventoryItems, invoices, jobCharges, jobLines, jobMovements } from "../../db/schema";
import type { DamageOutcome, JobMovementKind } from "./constants";
import { unitsOut, unitsToSend } from "./job-units";

// A job's Overview (issue 26): its lines with their counts (a package's parts under it), what moved and who moved it,
// and its damage or loss charges, pending or on the invoice that carries them. The header is loadJobHeader's.

export interface JobPageLine {
  id: string;
  name: string;
  category: string;
  /** The item's public id (its QR code), to type at dispatch. */
  slug: string;
  isPackage: boolean;
  packageLineId: string | null;
  /** Reserved. */
  quantity: number;
  dispatched: number;
  returned: number;
  damaged: number;
  lost: number;
  /** dispatched − returned − damaged − lost */
  out: number;
  /** quantity − dispatched (0 for a package's own line). */
  toSend: number;
}

export interface JobPageMovement {
  id: string;
  lineName: string;
  kind: JobMovementKind;
  quantity: number;
  outcome: DamageOutcome | null;
  repairReturnDate: string | null;
  note: string | null;
  actorLabel: string;
  /** ISO */
  createdAt: string;
}

export interface JobPageCharge {
  id: string;
  description: string;
  amount: string;
  /** The invoice carrying it; null while it waits for the customer's next invoice. */
  invoiceId: string | null;
  invoiceNumber: string | null;
  /** Whether that invoice was cancelled by a credit note: the charge went with it and is not billed again. */
  invoiceCancelled: boolean;
  createdAt: string;
}

export interface JobPage {
  /** Lines in order, each package followed by its parts. */
  lines: JobPageLine[];
  movements: JobPageMovement[];
  charges: JobPageCharge[];
}

export async function loadJobPage(db: DbOrTx, jobId: string): Promise<JobPage> {
  const [lineRows, movementRows, chargeRows] = await Promise.all([
    db
      .select({
        id: jobLines.id,
        name: jobLines.name,
        category: jobLines.category,
        slug: inventoryItems.slug,
        isPackage: jobLines.isPackage,
        packageLineId: jobLines.packageLineId,
        quantity: jobLines.quantity,
        dispatched: jobLines.dispatched,
        returned: jobLines.returned,
        damaged: jobLines.damaged,
        lost: jobLines.lost,
      })
      .from(jobLines)
      .innerJoin(inventoryItems, eq(inventoryItems.id, jobLines.inventoryItemId))
      .where(eq(jobLines.jobId, jobId))
      .orderBy(asc(jobLines.lineNo), asc(jobLines.id)),
    db
      .select({
        id: jobMovements.id,
        lineName: jobLines.name,
        kind: jobMovements.kind,
        quantity: jobMovements.quantity,
        outcome: jobMovements.outcome,
        repairReturnDate: jobMovements.repairReturnDate,
        note: jobMovements.note,
        actorLabel: jobMovements.actorLabel,
        createdAt: jobMovements.createdAt,
      })
      .from(jobMovements)
      .innerJoin(jobLines, eq(jobLines.id, jobMovements.jobLineId))
      .where(eq(jobMovements.jobId, jobId))
      .orderBy(desc(jobMovements.createdAt), asc(jobLines.lineNo), asc(jobMovements.kind)),
    db
      .select({
        id: jobCharges.id,
        description: jobCharges.description,
        amount: jobCharges.amount,
        invoiceId: jobCharges.invoiceId,
        invoiceNumber: invoices.number,
        invoiceCancelled: sql<boolean>`coalesce(${invoices.status} = 'cancelled', false)`,
        createdAt: jobCharges.createdAt,
      })
      .from(jobCharges)
      .leftJoin(invoices, eq(invoices.id, jobCharges.invoiceId))
      .where(eq(jobCharges.jobId, jobId))
      .orderBy(asc(jobCharges.createdAt), asc(jobCharges.id)),
  ]);
  const lines = lineRows.map((l) => ({
    ...l,
    out: unitsOut(l),
    toSend: unitsToSend(l),
  }));
  // Each package's parts right under it, whatever their line numbers.
  const ordered: JobPageLine[] = [];
  for (const line of lines.filter((l) => l.packageLineId === null)) {
    ordered.push(line);
    ordered.push(...lines.filter((l) => l.packageLineId === line.id));
  }
  return {
    lines: ordered,
    movements: movementRows.map((m) => ({ ...m, createdAt: toIso(m.createdAt) })),
    charges: chargeRows.map((c) => ({ ...c, createdAt: toIso(c.createdAt) })),
  };
}

function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** Each line's item name by line id: what the check-in form's messages name (parseCheckInForm). */
export async function jobLineNames(db: DbOrTx, jobId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: jobLines.id, name: jobLines.name })
    .from(jobLines)
    .where(eq(jobLines.jobId, jobId));
  return new Map(rows.map((r) => [r.id, r.name]));
}
