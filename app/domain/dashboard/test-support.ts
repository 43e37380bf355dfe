// Rows for the dashboard's integration tests, with every time given explicitly so the figures are known.
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.server";
import {
  auditLog,
  contactMessages,
  employees,
  events,
  inventoryItems,
  quotationEvents,
  quotationLines,
  quotations,
} from "../../db/schema";
import type { QuotationStatus } from "../quotations/constants";

const unique = () => randomUUID().slice(0, 8);

export async function addQuotation(
  db: Db,
  q: {
    status: QuotationStatus;
    createdAt: string;
    eventName?: string;
    customerName?: string;
    total?: string;
    /** Before VAT, off the lines' sum. */
    discount?: string;
    eventDate?: string;
    respondedAt?: string;
    updatedAt?: string;
    /** When a quotation_events row records the change to approved. */
    approvedEventAt?: string;
    /** Priced at ৳100 a unit unless `unitPrice` says otherwise. */
    lines?: Array<{ itemId?: string; quantity: number; unitPrice?: string }>;
  },
): Promise<string> {
  const [row] = await db
    .insert(quotations)
    .values({
      customerName: q.customerName ?? "Test Customer",
      email: "customer@example.com",
      phone: "01700000000",
      eventName: q.eventName ?? `Event ${unique()}`,
      eventDate: q.eventDate ?? "2027-03-01",
      eventTime: "18:00",
      eventLocation: "Gulshan, Dhaka",
      status: q.status,
      total: q.total ?? "0",
      discount: q.discount ?? "0",
      respondedAt: q.respondedAt ? new Date(q.respondedAt) : null,
      createdAt: new Date(q.createdAt),
      updatedAt: new Date(q.updatedAt ?? q.createdAt),
    })
    .returning({ id: quotations.id });
  const id = row!.id;
  if (q.approvedEventAt)
    await db.insert(quotationEvents).values({
      quotationId: id,
      kind: "status_changed",
      fromStatus: "pending",
      toStatus: "approved",
      actorLabel: "admin@example.com",
      createdAt: new Date(q.approvedEventAt),
    });
  if (q.lines?.length)
    await db.insert(quotationLines).values(
      q.lines.map((l, lineNo) => ({
        quotationId: id,
        inventoryItemId: l.itemId ?? null,
        name: "Line",
        quantity: l.quantity,
        unitPrice: l.unitPrice ?? "100",
        total: (Number(l.unitPrice ?? "100") * l.quantity).toFixed(2),
        lineNo,
      })),
    );
  return id;
}

export async function addItem(
  db: Db,
  quantity: number,
  status: "available" | "booked" | "under-repair" = "available",
): Promise<string> {
  const slug = `item-${unique()}`;
  const [row] = await db
    .insert(inventoryItems)
    .values({ slug, name: slug, category: "lighting", quantity, status })
    .returning({ id: inventoryItems.id });
  return row!.id;
}

export async function addEvent(db: Db, date: string, status: "upcoming" | "completed" = "upcoming"): Promise<void> {
  const slug = `event-${unique()}`;
  await db.insert(events).values({ slug, title: slug, description: "An event", date, location: "Dhaka", status });
}

export async function addEmployee(db: Db, status: "active" | "inactive" = "active"): Promise<void> {
  const name = `Employee ${unique()}`;
  await db.insert(employees).values({
    name,
    email: `${name.replace(/\s/g, ".").toLowerCase()}@example.com`,
    position: "Engineer",
    department: "Engineering",
    joiningDate: "2024-01-01",
    salary: "50000",
    status,
  });
}

export async function addContactMessage(db: Db, m: { name: string; subject: string; createdAt: string }) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: m.name,
      email: "visitor@example.com",
      subject: m.subject,
      message: "Hello",
      createdAt: new Date(m.createdAt),
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}

export async function addAudit(
  db: Db,
  a: { action: string; summary: string; createdAt: string; entityType?: string; entityId?: string },
): Promise<string> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorLabel: "admin@example.com",
      action: a.action,
      entityType: a.entityType,
      entityId: a.entityId,
      summary: a.summary,
      createdAt: new Date(a.createdAt),
    })
    .returning({ id: auditLog.id });
  return row!.id;
}
