// The customer downloads a quotation's PDF (issue 20) from the portal and from the e-mailed link's page, under the
// pages' own rules: the signed-in customer's own quotation; the link while it is the current one and unexpired.
// Another customer's quotation, a replaced, expired or unknown link, an unsent quotation and a revision never
// sent are 404, as the pages are. The quotation here is sent twice through the real use case.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfWords } from "../../../tests/support/pdf-text";
import { insertItem, insertQuotation } from "../../../tests/support/quotation-fixtures";
import { ANONYMOUS, callRoute, signedInUser, thrownBy, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { emailOutbox, quotationLines, quotations } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { sendQuotation } from "~/domain/quotations/price-quotation.server";
import * as linkPdf from "./link-pdf";
import * as quotationPdf from "./quotation-pdf";

const STAFF = { userId: null, label: "staff@pdf.test", ipAddress: null, userAgent: null };

let owner: TestUser;
let other: TestUser;
let item: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  owner = await signedInUser("customer", { email: "pdf.owner@example.com" });
  other = await signedInUser("customer", { email: "pdf.other@example.com" });
  item = await insertItem("Par Light", 50, "2500");
});

/** Sends the quotation at `unitPrice` a unit (2 units) through the real use case; the link's token it e-mailed. */
async function send(id: string, unitPrice: string): Promise<string> {
  const db = getDb();
  const [line] = await db.select().from(quotationLines).where(eq(quotationLines.quotationId, id));
  const [stored] = await db.select().from(quotations).where(eq(quotations.id, id));
  const result = await sendQuotation(
    db,
    {
      id,
      version: stored!.updatedAt.toISOString(),
      lines: [{ lineId: line!.id, itemId: item, name: "Par Light", quantity: "2", unitPrice }],
      discount: "",
      rentalEndDate: "",
      message: "",
    },
    STAFF,
  );
  expect(result.ok).toBe(true);
  const [mail] = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.relatedId, id))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return /\/customer\/link\/([A-Za-z0-9]{32})/.exec(mail!.text)![1]!;
}

const portalPdf = (id: string, revision: string, as: Pick<TestUser, "cookie">) =>
  callRoute(quotationPdf.loader, `/customer/quotation/${id}/revisions/${revision}/pdf`, {
    as,
    params: { id, revision },
  });

const tokenPdf = (token: string, revision: string) =>
  callRoute(linkPdf.loader, `/customer/link/${token}/revisions/${revision}/pdf`, {
    as: ANONYMOUS,
    params: { token, revision },
  });

async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return {
    name: response.headers.get("content-disposition"),
    text: pdfWords(new Uint8Array(await response.arrayBuffer())),
  };
}

describe("the quotation's PDF, for its customer", { timeout: 60_000 }, () => {
  let id: string;
  let firstToken: string;
  let currentToken: string;

  beforeAll(async () => {
    id = (await insertQuotation("pending", owner.email, [[item, 2, "2500"]], { eventName: "Pohela Boishakh Stage" }))
      .id;
    firstToken = await send(id, "2400"); // 2 × 2,400 + 15% VAT = 5,520
    currentToken = await send(id, "2200"); // 2 × 2,200 + 15% VAT = 5,060
  });

  it("gives the signed-in owner the revision the page shows, as it was sent, and the earlier one sent to them", async () => {
    const current = await pdfOf((await portalPdf(id, "2", owner)) as Response);
    expect(current.name).toContain(`-r2.pdf`);
    expect(current.text).toContain("Pohela Boishakh Stage");
    expect(current.text).toContain("৳5,060.00");
    expect(current.text).not.toContain("৳5,520.00");
    const first = await pdfOf((await portalPdf(id, "1", owner)) as Response);
    expect(first.text).toContain("৳5,520.00");
  });

  it("is a 404 for another customer, a revision never sent, a malformed one, and sends nobody to sign in", async () => {
    for (const [revision, as] of [
      ["2", other],
      ["1", other],
      ["3", owner],
      ["0", owner],
      ["two", owner],
    ] as const) {
      const thrown = await thrownBy(portalPdf(id, revision, as));
      expect(thrown.status, `${revision} as ${as.email}`).toBe(404);
    }
    const unknown = await thrownBy(portalPdf(crypto.randomUUID(), "1", owner));
    expect(unknown.status).toBe(404);
    const nobody = await thrownBy(portalPdf(id, "2", ANONYMOUS));
    expect(nobody.location).toMatch(/^\/customer\/login/);
  });

  it("is a 404 for a quotation of the customer's own that was never sent", async () => {
    const pending = await insertQuotation("pending", owner.email, [[item, 1]]);
    expect((await thrownBy(portalPdf(pending.id, "1", owner))).status).toBe(404);
  });

  it("gives the current link's holder its revision, without a Referer, and refuses a replaced or unknown link", async () => {
    const response = (await tokenPdf(currentToken, "2")) as Response;
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await pdfOf(response)).text).toContain("৳5,060.00");
    // The first e-mail's link was replaced by the second send: its page no longer opens, nor does its PDF.
    expect((await thrownBy(tokenPdf(firstToken, "1"))).status).toBe(404);
    expect((await thrownBy(tokenPdf(currentToken, "3"))).status).toBe(404);
    expect((await thrownBy(tokenPdf("A".repeat(32), "1"))).status).toBe(404);
    expect((await thrownBy(tokenPdf("short", "1"))).status).toBe(404);
  });

  it("refuses an expired link with a 404, as its page says it expired", async () => {
    const other = await insertQuotation("pending", owner.email, [[item, 1, "100"]]);
    const token = await send(other.id, "300");
    expect(((await tokenPdf(token, "1")) as Response).status).toBe(200);
    await getDb()
      .update(quotations)
      .set({ secureLinkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotations.id, other.id));
    expect((await thrownBy(tokenPdf(token, "1"))).status).toBe(404);
  });
});
