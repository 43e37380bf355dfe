import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { emailOutbox, quotations } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { deliverDueEmails } from "~/domain/email/sender.server";
import { createEmailTransport } from "~/domain/email/transport.server";
import { readable, startSmtp, type TestSmtp } from "../../../tests/support/test-smtp";
import { createQuotationRequest } from "./create-quotation.server";
import { dhakaDatePlus } from "../../../tests/support/dates";

// End to end on the server side: a quotation request, its two e-mails, and a real SMTP server.

let smtp: TestSmtp;
beforeAll(async () => {
  await seedDatabase(getDb());
  smtp = await startSmtp();
});
afterAll(() => smtp.close());
afterEach(async () => {
  smtp.mode = "accept";
  smtp.received.length = 0;
  await getDb().delete(emailOutbox);
});

const request = () => ({
  name: "Tahmid Chowdhury",
  email: "tahmid@example.com",
  phone: "+880 1999-123456",
  event_name: "Tech Meetup Dhaka",
  event_date: dhakaDatePlus(60),
  event_time: "17:00",
  event_location: "Tejgaon, Dhaka",
  notes: "",
  items: [{ productId: seedId("inventory:led-wall-p3"), quantity: 32 }],
  idempotencyKey: randomUUID(),
});

describe("quotation e-mails", () => {
  it("reach the company and the customer through a real SMTP server", async () => {
    const result = await createQuotationRequest(getDb(), request());
    expect(result.ok).toBe(true);
    const transport = createEmailTransport(smtp.url);
    expect(await deliverDueEmails(getDb(), transport)).toMatchObject({ sent: 2 });
    transport.close();
    // Long header lines arrive folded: joined again here.
    const byRecipient = Object.fromEntries(
      smtp.received.map((m) => [m.rcptTo[0], readable(m.raw).replace(/\r?\n[ \t]+/g, " ")]),
    );
    expect(Object.keys(byRecipient).sort()).toEqual(["bookings@utsabevents.com.bd", "tahmid@example.com"]);
    expect(byRecipient["bookings@utsabevents.com.bd"]).toContain("New quotation request: Tech Meetup Dhaka");
    expect(byRecipient["tahmid@example.com"]).toContain(
      `We received your quotation request (reference ${result.ok && result.quotation.id.slice(0, 8)})`,
    );
    // Replies to the company's notification reach the customer.
    expect(byRecipient["bookings@utsabevents.com.bd"]).toMatch(/^Reply-To: tahmid@example\.com$/m);
    for (const text of Object.values(byRecipient)) {
      expect(text).toContain("P3 Indoor LED Video Wall");
      expect(text).toContain("৳160,000.00");
    }
  });

  it("a failing SMTP server leaves the quotation saved and the outbox retrying", async () => {
    smtp.mode = "451";
    const before = await getDb().$count(quotations);
    const result = await createQuotationRequest(getDb(), request());
    expect(result.ok).toBe(true);
    const transport = createEmailTransport(smtp.url);
    expect(await deliverDueEmails(getDb(), transport)).toMatchObject({ sent: 0, retried: 2 });
    transport.close();
    expect(await getDb().$count(quotations)).toBe(before + 1);
    const rows = await getDb().select().from(emailOutbox);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe("pending");
      expect(row.attempts).toBe(1);
      expect(row.lastError).toContain("451");
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    expect(smtp.received).toEqual([]);
  });
});
