// A customer's answers to a sent quotation (issue 10): in the portal and through the e-mailed link, the expiry of
// the link, asking for a new one, and that customer A reaches nothing of customer B's: B's ids, B's token and every
// action on B's quotation answer 404 and change nothing.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertItem, insertQuotation } from "../../../tests/support/quotation-fixtures";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { companySettings, emailOutbox, quotationEvents, quotations, rateLimitCounters } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { NEW_LINK_ANSWER, NEW_LINK_REQUESTED } from "~/domain/quotations/link-request.server";
import { newLinkToken } from "~/domain/quotations/link-token";
import * as link from "./link";
import * as quotationPage from "./quotation";

const TABLES = ["quotations", "quotation_events", "quotation_lines", "email_outbox", "audit_log"] as const;

let a: TestUser;
let b: TestUser;
let item: string;
let notificationEmail: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  [notificationEmail] = (await getDb().select({ e: companySettings.notificationEmail }).from(companySettings)).map(
    (r) => r.e,
  ) as [string];
  a = await signedInUser("customer", { email: "answer.a@example.com" });
  b = await signedInUser("customer", { email: "answer.b@example.com" });
  item = await insertItem("Wireless Mic", 20, "800");
});

beforeEach(async () => {
  await getDb().delete(rateLimitCounters);
});

const statusOf = async (id: string) =>
  (await getDb().select({ s: quotations.status }).from(quotations).where(eq(quotations.id, id)))[0]!.s;

const companyEmails = (id: string) =>
  getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.relatedId, id), eq(emailOutbox.toAddress, notificationEmail)));

function post(page: "portal" | "link", key: string, as: Pick<TestUser, "cookie">, form: Record<string, string>) {
  return page === "portal"
    ? callRoute(quotationPage.action, `/customer/quotation/${key}`, { as, params: { id: key }, form })
    : callRoute(link.action, `/customer/link/${key}`, { as, params: { token: key }, form });
}

describe("the portal's quotation page", () => {
  it("approves the customer's own sent quotation, says so in the spec's words and e-mails the company", async () => {
    const q = await insertQuotation("sent", "Answer.A@Example.com", [[item, 2]]);
    const answer = answerOf(await post("portal", q.id, a, { intent: "approve", id: q.id }));
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, intent: "approve", toast: { type: "success", message: "Quotation approved successfully" } },
    });
    expect(await statusOf(q.id)).toBe("approved");
    expect(await companyEmails(q.id)).toHaveLength(1);
  });

  it("asks to negotiate with a reason, and refuses one without, naming the field and changing nothing", async () => {
    const q = await insertQuotation("sent", a.email, [[item, 1]]);
    const before = await tableFingerprint(TABLES);
    const refused = answerOf(await post("portal", q.id, a, { intent: "negotiate", id: q.id, reason: "  " }));
    expect(refused).toMatchObject({ status: 400, body: { ok: false, errors: { reason: "Please tell us why" } } });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const ok = answerOf(
      await post("portal", q.id, a, { intent: "negotiate", id: q.id, reason: "Can you do 10% less?" }),
    );
    expect(ok.body).toMatchObject({ ok: true, toast: { message: "Your request to negotiate was sent" } });
    expect(await statusOf(q.id)).toBe("negotiating");
    const [event] = await getDb()
      .select()
      .from(quotationEvents)
      .where(and(eq(quotationEvents.quotationId, q.id), eq(quotationEvents.toStatus, "negotiating")));
    expect(event).toMatchObject({ message: "Can you do 10% less?", actorLabel: a.email });
    // The page now shows the negotiating notice instead of the buttons.
    const page = answerOf<{ quotation: { canRespond: boolean; status: string } }>(
      await callRoute(quotationPage.loader, `/customer/quotation/${q.id}`, { as: a, params: { id: q.id } }),
    );
    expect(page.body.quotation).toMatchObject({ status: "negotiating", canRespond: false });
  });

  it("refuses an expired quotation and an unknown intent", async () => {
    const q = await insertQuotation("sent", a.email, [[item, 1]], { secureLinkExpiresAt: new Date(Date.now() - 1000) });
    const before = await tableFingerprint(TABLES);
    const expired = answerOf(await post("portal", q.id, a, { intent: "approve", id: q.id }));
    expect(expired).toMatchObject({
      status: 409,
      body: {
        ok: false,
        toast: { message: "Failed to update quotation status: This quotation has expired. Ask us for a new one." },
      },
    });
    const unknown = answerOf(await post("portal", q.id, a, { intent: "delete", id: q.id }));
    expect(unknown).toMatchObject({
      status: 400,
      body: { toast: { message: "Failed to update quotation status: Choose Approve, Reject or Negotiate" } },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("customer A reaches nothing of customer B's", () => {
  it("answers 404 to B's id, B's token and every action on B's quotation, and changes nothing", async () => {
    const bq = await insertQuotation("sent", b.email, [[item, 3]]);
    const aq = await insertQuotation("sent", a.email, [[item, 1]]);
    const before = await tableFingerprint(TABLES);

    // B's page, by B's id and by B's token used as an id.
    for (const key of [bq.id, bq.token!]) {
      const thrown = await thrownBy(
        callRoute(quotationPage.loader, `/customer/quotation/${key}`, { as: a, params: { id: key } }),
      );
      expect(thrown.status).toBe(404);
    }
    for (const intent of ["approve", "reject", "negotiate"]) {
      const form = { intent, id: bq.id, reason: "mine now" };
      // On B's page URL, on A's own page URL with B's id posted, and through A's own link with B's id posted.
      expect(answerOf(await post("portal", bq.id, a, form)).status).toBe(404);
      expect(answerOf(await post("portal", aq.id, a, form)).status).toBe(404);
      expect(answerOf(await post("link", aq.token!, ANONYMOUS, form)).status).toBe(404);
      // Nobody signed in cannot use the portal's page at all.
      expect((await thrownBy(post("portal", bq.id, ANONYMOUS, form))).status).toBe(401);
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect(await statusOf(bq.id)).toBe("sent");
  });
});

describe("the e-mailed link's page", () => {
  it("opens the quotation without a password and answers through it", async () => {
    const q = await insertQuotation("sent", "linked@example.com", [[item, 2]]);
    const page = answerOf<Awaited<ReturnType<typeof link.loader>>>(
      await callRoute(link.loader, `/customer/link/${q.token}`, { as: ANONYMOUS, params: { token: q.token! } }),
    );
    expect(page.body.linked).toMatchObject({ state: "open", quotation: { id: q.id, canRespond: true } });

    const answer = answerOf(
      await post("link", q.token!, ANONYMOUS, { intent: "reject", id: q.id, reason: "Too dear" }),
    );
    expect(answer.body).toMatchObject({ ok: true, toast: { message: "Quotation rejected successfully" } });
    expect(await statusOf(q.id)).toBe("rejected");
    expect((await companyEmails(q.id))[0]!.textBody).toContain("through the e-mailed link");
  });

  it("says a replaced, malformed or unknown link opens nothing", async () => {
    for (const token of [newLinkToken(), "short", "x".repeat(33), "../../admin"]) {
      const page = answerOf<Awaited<ReturnType<typeof link.loader>>>(
        await callRoute(link.loader, `/customer/link/${encodeURIComponent(token)}`, {
          as: ANONYMOUS,
          params: { token },
        }),
      );
      expect(page.body.linked).toEqual({ state: "unknown" });
    }
  });

  it("says an expired link has expired, refuses its answers, and passes on a request for a new one once an hour", async () => {
    const q = await insertQuotation("sent", "expired.link@example.com", [[item, 1]], {
      secureLinkExpiresAt: new Date(Date.now() - 60_000),
      eventName: "Winter Fair",
    });
    const page = answerOf<Awaited<ReturnType<typeof link.loader>>>(
      await callRoute(link.loader, `/customer/link/${q.token}`, { as: ANONYMOUS, params: { token: q.token! } }),
    );
    expect(page.body.linked).toEqual({ state: "expired", id: q.id, eventName: "Winter Fair" });

    const before = await tableFingerprint(TABLES);
    expect(answerOf(await post("link", q.token!, ANONYMOUS, { intent: "approve", id: q.id })).status).toBe(409);
    expect(await tableFingerprint(TABLES)).toEqual(before);

    for (let i = 0; i < 2; i++) {
      const asked = answerOf(await post("link", q.token!, ANONYMOUS, { intent: "new-link" }));
      expect(asked.body).toMatchObject({ ok: true, toast: { message: NEW_LINK_ANSWER } });
    }
    const emails = await companyEmails(q.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain("Winter Fair");
    const events = await getDb()
      .select()
      .from(quotationEvents)
      .where(and(eq(quotationEvents.quotationId, q.id), eq(quotationEvents.message, NEW_LINK_REQUESTED)));
    expect(events).toHaveLength(1);
  });

  it("is private, unindexed and sends no Referer", async () => {
    const next = async () => new Response("page", { status: 200 });
    let response: Response | undefined;
    for (const middleware of [...link.middleware].reverse()) {
      const inner = response ? async () => response! : next;
      response = (await callRoute(
        (args: Parameters<(typeof link.middleware)[number]>[0]) => middleware(args, inner),
        `/customer/link/${newLinkToken()}`,
        { as: ANONYMOUS },
      )) as Response;
    }
    expect(response!.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response!.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    // Never to another site; same-origin keeps the page's own form posts' Origin (issue 20: without JavaScript).
    expect(response!.headers.get("Referrer-Policy")).toBe("same-origin");
  });
});
