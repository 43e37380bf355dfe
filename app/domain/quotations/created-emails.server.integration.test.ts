import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { getLogger } from "~/lib/logger.server";
import { createQuotationRequest } from "./create-quotation.server";
import { CONFIRMATION_NOT_SENT_NOTE, QUOTATION_CREATED_KINDS } from "./created-emails";
import { CUSTOMER_CONFIRMATION_LIMITS } from "./created-emails.server";
import { ensureQuotationCreatedEmails } from "./notify.server";

const request = (email: string) => ({
  name: "Sadia Islam",
  email,
  phone: "+880 1712-000111",
  event_name: "Office Party",
  event_date: "2027-05-02",
  event_time: "19:30",
  event_location: "Uttara, Dhaka",
  notes: "",
  items: [{ productId: seedId("inventory:led-wall-p3"), quantity: 4 }],
  idempotencyKey: randomUUID(),
});

/** Stores a request and answers its id and the kinds of e-mail it queued, with the company's text. */
async function submit(email: string) {
  const result = await createQuotationRequest(getDb(), request(email));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.relatedId, result.quotation.id));
  return {
    id: result.quotation.id,
    kinds: mails.map((m) => m.kind).sort(),
    companyText: mails.find((m) => m.kind === QUOTATION_CREATED_KINDS.company)!.textBody,
  };
}

const BOTH = [QUOTATION_CREATED_KINDS.company, QUOTATION_CREATED_KINDS.customer];
const COMPANY_ONLY = [QUOTATION_CREATED_KINDS.company];

/** Moves the customer confirmations to `email` (any letter case) `hours` into the past. */
async function age(email: string, hours: number) {
  await getDb()
    .update(emailOutbox)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(
      and(
        eq(emailOutbox.kind, QUOTATION_CREATED_KINDS.customer),
        sql`lower(${emailOutbox.toAddress}) = ${email.toLowerCase()}`,
      ),
    );
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("the customer's confirmation of a quotation request", () => {
  it("goes at most 3 times a day to one address, in any letter case; then the request is stored and the company told", async () => {
    expect(CUSTOMER_CONFIRMATION_LIMITS.perRecipient).toEqual({ max: 3, windowHours: 24 });
    const address = "repeat.victim@example.com";
    expect((await submit(address)).kinds).toEqual(BOTH);
    expect((await submit("Repeat.Victim@Example.com")).kinds).toEqual(BOTH);
    expect((await submit(address)).kinds).toEqual(BOTH);

    const warn = vi.spyOn(getLogger(), "warn");
    try {
      const fourth = await submit("REPEAT.VICTIM@example.com");
      expect(fourth.kinds).toEqual(COMPANY_ONLY);
      expect(fourth.companyText).toContain(CONFIRMATION_NOT_SENT_NOTE);
      expect(warn).toHaveBeenCalledWith(
        { quotationId: fourth.id, limit: "perRecipient" },
        "customer confirmation not queued: limit reached",
      );
    } finally {
      warn.mockRestore();
    }

    // A day later the address may be confirmed again.
    await age(address, 25);
    const later = await submit(address);
    expect(later.kinds).toEqual(BOTH);
    expect(later.companyText).not.toContain(CONFIRMATION_NOT_SENT_NOTE);
  });

  it("goes at most 200 times an hour to everyone together", async () => {
    expect(CUSTOMER_CONFIRMATION_LIMITS.overall).toEqual({ max: 200, windowHours: 1 });
    const db = getDb();
    const fillers = await db
      .insert(emailOutbox)
      .values(
        Array.from({ length: 200 }, (_, n) => ({
          toAddress: `filler${n}@example.com`,
          subject: "We received your quotation request",
          textBody: "Hello,",
          kind: QUOTATION_CREATED_KINDS.customer,
          status: "sent" as const,
        })),
      )
      .returning({ id: emailOutbox.id });
    const ids = fillers.map((f) => f.id);
    try {
      const warn = vi.spyOn(getLogger(), "warn");
      try {
        const refused = await submit("first.time@example.com");
        expect(refused.kinds).toEqual(COMPANY_ONLY);
        expect(refused.companyText).toContain(CONFIRMATION_NOT_SENT_NOTE);
        expect(warn).toHaveBeenCalledWith(
          { quotationId: refused.id, limit: "overall" },
          "customer confirmation not queued: limit reached",
        );
      } finally {
        warn.mockRestore();
      }
      // Once the hour has passed they no longer count.
      await db
        .update(emailOutbox)
        .set({ createdAt: sql`now() - interval '61 minutes'` })
        .where(inArray(emailOutbox.id, ids));
      expect((await submit("second.time@example.com")).kinds).toEqual(BOTH);
    } finally {
      await db.delete(emailOutbox).where(inArray(emailOutbox.id, ids));
    }
  });

  it("is not put back by POST /api/email/quotation once the address's limit is reached", async () => {
    const address = "api.victim@example.com";
    for (let n = 0; n < 3; n++) await submit(address);
    const held = await submit(address);
    expect(held.kinds).toEqual(COMPANY_ONLY);
    expect(await ensureQuotationCreatedEmails(getDb(), held.id)).toBe(0);
    const kinds = await getDb()
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(eq(emailOutbox.relatedId, held.id));
    expect(kinds.map((k) => k.kind)).toEqual(COMPANY_ONLY);
  });

  it("goes no more than 3 times to one address when its requests arrive at the same moment", async () => {
    const address = "burst.victim@example.com";
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(address)));
    expect(results.filter((r) => r.kinds.length === 2)).toHaveLength(3);
    expect(results.filter((r) => r.companyText.includes(CONFIRMATION_NOT_SENT_NOTE))).toHaveLength(3);
  });
});
