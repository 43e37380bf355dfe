import { randomUUID } from "node:crypto";
import os from "node:os";
import { eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { emailOutbox, inventoryItems, quotationLines, quotations, rateLimitCounters } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import type { QuotationFormOutcome } from "~/domain/quotations/quotation-form.server";
import { getEnv, loadEnv, setEnv } from "~/lib/env.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { getLogger } from "~/lib/logger.server";
import QuotationPage, { action, loader } from "./quotation";
import type { Route } from "./+types/quotation";
import { dhakaDatePlus } from "../../../tests/support/dates";
import { createRequestContext } from "~/lib/request-context";

type ActionResult = { data: QuotationFormOutcome; init: { status?: number; headers: Record<string, string> } };

const WALL = seedId("inventory:led-wall-p3");
const BOOTH = seedId("inventory:photo-booth-360");
const details = {
  name: "Farhana Ahmed",
  email: "farhana@example.com",
  phone: "+880 1811-222333",
  event_name: "Annual Dinner",
  event_date: dhakaDatePlus(45),
  event_time: "19:00",
  event_location: "Gulshan 2, Dhaka",
  notes: "",
};

function form(fields: Record<string, string>, cart: [string, number][] = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [id, quantity] of cart) {
    f.append("productId", id);
    f.append("quantity", String(quantity));
  }
  return f;
}

async function post(body: FormData, clientAddress = "203.0.113.9") {
  const result = await action({
    request: new Request("http://localhost/quotation", { method: "POST", body }),
    params: {},
    context: createRequestContext({ clientAddress }),
  } as unknown as Route.ActionArgs);
  return result as unknown as ActionResult;
}

function loadPage(url = "http://localhost/quotation") {
  return loader({
    request: new Request(url),
    params: {},
    context: createRequestContext({ clientAddress: "" }),
  } as unknown as Route.LoaderArgs);
}

async function counts() {
  const db = getDb();
  return {
    quotations: await db.$count(quotations),
    lines: await db.$count(quotationLines),
    outbox: await db.$count(emailOutbox),
  };
}

const originalEnv = getEnv();
beforeAll(async () => {
  await seedDatabase(getDb());
});
// Every test starts with every client's allowance unused.
beforeEach(async () => {
  await getDb().delete(rateLimitCounters);
});
afterAll(() => setEnv(originalEnv));

describe("quotation loader", () => {
  it("offers the items in stock by name and preselects ?product=", async () => {
    await getDb()
      .insert(inventoryItems)
      .values({ slug: "none-left", name: "AAA None Left", category: "sound", quantity: 0 });
    const data = await loader({
      request: new Request("http://localhost/quotation?product=photo-booth-360"),
      params: {},
      context: createRequestContext({ clientAddress: "" }),
    } as unknown as Route.LoaderArgs);
    const products = await data.products;
    const names = products.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).not.toContain("AAA None Left");
    expect(products.find((p) => p.id === BOOTH)).toMatchObject({
      price: "25000.00",
      stock: 3,
      size: "1 m platform, up to 3 guests",
    });
    expect(data.preselectedId).toBe(BOOTH);
    expect(data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the 'Request Sent!' screen", () => {
  /** The page as the server renders it after a successful submission, with the loader's real answer. */
  async function renderSent(): Promise<{ deliversEmail: boolean; text: string }> {
    const loaderData = await loadPage();
    const sent: QuotationFormOutcome = {
      status: "sent",
      quotationId: randomUUID(),
      total: "5000.00",
      createdAt: new Date().toISOString(),
      duplicate: false,
    };
    const Stub = createRoutesStub([
      {
        id: "quotation",
        path: "/quotation",
        Component: QuotationPage as unknown as ComponentType,
        loader: () => loaderData,
      },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/quotation"],
        hydrationData: { loaderData: { quotation: loaderData }, actionData: { quotation: sent } },
      }),
    );
    expect(html).toContain("Request Sent!");
    return { deliversEmail: loaderData.deliversEmail, text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
  }

  it("says a confirmation e-mail was sent only when e-mail goes out (SMTP_URL set)", async () => {
    setEnv({ ...originalEnv, smtpUrl: "smtp://mail.example.com:587" });
    try {
      const page = await renderSent();
      expect(page.deliversEmail).toBe(true);
      expect(page.text).toContain("Quotation submitted successfully! A confirmation email has been sent.");
      // The page learns only whether e-mail goes out, never the server's address.
      expect(JSON.stringify(await loadPage())).not.toContain("mail.example.com");
    } finally {
      setEnv(originalEnv);
    }
  });

  it("without SMTP, says the company will be in touch and claims no e-mail", async () => {
    setEnv({ ...originalEnv, smtpUrl: undefined });
    try {
      const page = await renderSent();
      expect(page.deliversEmail).toBe(false);
      expect(page.text).toContain("Quotation submitted successfully! We will contact you soon.");
      expect(page.text).not.toMatch(/email has been sent/i);
    } finally {
      setEnv(originalEnv);
    }
  });
});

describe("quotation action without JavaScript: the cart's buttons", () => {
  it("adds, ignores a second add, keeps quantities between 1 and the stock, removes, and writes nothing", async () => {
    const before = await counts();
    let r = await post(form({ intent: "add", selectedProduct: BOOTH, pickQuantity: "9", ...details }));
    expect(r.init.status).toBe(200);
    expect(r.data).toMatchObject({
      status: "cart",
      cart: [{ id: BOOTH, quantity: 3 }],
      values: { name: "Farhana Ahmed" },
    });

    r = await post(form({ intent: "add", selectedProduct: BOOTH, pickQuantity: "1" }, [[BOOTH, 3]]));
    expect(r.data.status === "cart" && r.data.cart.map((l) => [l.id, l.quantity])).toEqual([[BOOTH, 3]]);

    r = await post(form({ intent: `increase:${BOOTH}` }, [[BOOTH, 3]]));
    expect(r.data.status === "cart" && r.data.cart[0]!.quantity).toBe(3);
    r = await post(
      form({ intent: `decrease:${WALL}` }, [
        [BOOTH, 3],
        [WALL, 1],
      ]),
    );
    expect(r.data.status === "cart" && r.data.cart.map((l) => l.quantity)).toEqual([3, 1]);
    r = await post(
      form({ intent: `remove:${BOOTH}` }, [
        [BOOTH, 3],
        [WALL, 1],
      ]),
    );
    expect(r.data.status === "cart" && r.data.cart.map((l) => l.id)).toEqual([WALL]);
    r = await post(form({ intent: "add", selectedProduct: "" }));
    expect(r.data.status === "cart" && r.data.cart).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});

describe("quotation action: submitting", () => {
  it("stores the request with prices from the inventory, ignoring the picker's own fields", async () => {
    const before = await counts();
    const r = await post(
      form({ intent: "submit", ...details, idempotencyKey: randomUUID(), selectedProduct: WALL, pickQuantity: "5" }, [
        [WALL, 32],
      ]),
    );
    expect(r.init.status).toBe(200);
    expect(r.data).toMatchObject({ status: "sent", total: "160000.00", duplicate: false });
    expect(await counts()).toEqual({
      quotations: before.quotations + 1,
      lines: before.lines + 1,
      outbox: before.outbox + 2,
    });
  });

  it("answers 400 with the field errors, the values typed and the cart, and writes nothing", async () => {
    const before = await counts();
    const r = await post(
      form({ intent: "submit", ...details, email: "not-an-email", idempotencyKey: randomUUID() }, [[WALL, 2]]),
    );
    expect(r.init.status).toBe(400);
    expect(r.data).toMatchObject({
      status: "invalid",
      errors: { email: "Invalid email address" },
      values: { email: "not-an-email", name: "Farhana Ahmed" },
      cart: [{ id: WALL, quantity: 2 }],
    });
    const empty = await post(form({ intent: "submit", ...details, idempotencyKey: randomUUID() }));
    expect(empty.data.status === "invalid" && empty.data.errors.items).toBe(
      "Please add at least one product to your quotation.",
    );
    expect(await counts()).toEqual(before);
  });

  it("refuses an event date before today in Dhaka on the event date field, and writes nothing", async () => {
    const before = await counts();
    const r = await post(
      form({ intent: "submit", ...details, event_date: dhakaDatePlus(-1), idempotencyKey: randomUUID() }, [[WALL, 1]]),
    );
    expect(r.init.status).toBe(400);
    expect(r.data).toMatchObject({
      status: "invalid",
      errors: { event_date: "Event date cannot be in the past" },
      values: { event_date: dhakaDatePlus(-1) },
    });
    expect(r.data.status === "invalid" && Object.keys(r.data.errors)).toEqual(["event_date"]);
    expect(await counts()).toEqual(before);
  });

  it("judges 'today' in Dhaka: just after midnight there, UTC's date has already passed", async () => {
    // 18:30 UTC on 21 November is 00:30 on 22 November in Dhaka.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-21T18:30:00Z") });
    try {
      expect((await loadPage()).today).toBe("2026-11-22");
      const submit = (event_date: string) =>
        post(form({ intent: "submit", ...details, event_date, idempotencyKey: randomUUID() }, [[WALL, 1]]));
      const utcDate = await submit("2026-11-21");
      expect(utcDate.data.status === "invalid" && utcDate.data.errors).toEqual({
        event_date: "Event date cannot be in the past",
      });
      const dhakaDate = await submit("2026-11-22");
      expect(dhakaDate.init.status).toBe(200);
      expect(dhakaDate.data.status).toBe("sent");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows success to a robot that filled the honeypot, stores nothing and logs it without personal data", async () => {
    const warn = vi.spyOn(getLogger(), "warn");
    try {
      const before = await counts();
      const r = await post(
        form({ intent: "submit", ...details, [HONEYPOT_FIELD]: "http://spam.example", idempotencyKey: randomUUID() }, [
          [WALL, 1],
        ]),
        "198.51.100.23",
      );
      expect(r.data.status).toBe("sent");
      expect(await counts()).toEqual(before);
      expect(warn).toHaveBeenCalledWith(
        { form: "quotation", clientAddress: "198.51.100.23" },
        "honeypot filled: submission dropped",
      );
      expect(JSON.stringify(warn.mock.calls)).not.toContain(details.email);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("quotation action: rate limits", () => {
  function withFormRateLimit(limit: string) {
    setEnv(loadEnv({ ...process.env, DATA_DIR: os.tmpdir(), AUTH_SECRET: "x".repeat(32), FORM_RATE_LIMIT: limit }));
  }
  const submit = (address: string, fields: Record<string, string> = {}) =>
    post(form({ intent: "submit", ...details, idempotencyKey: randomUUID(), ...fields }, [[WALL, 1]]), address);
  const storedFor = (email: string) => getDb().$count(quotations, eq(quotations.email, email));

  it("refuses more stored submissions than FORM_RATE_LIMIT from one address with 429, storing nothing", async () => {
    withFormRateLimit("2/60");
    try {
      expect((await submit("192.0.2.1")).init.status).toBe(200);
      expect((await submit("192.0.2.1")).init.status).toBe(200);
      const before = await counts();
      const third = await submit("192.0.2.1");
      expect(third.init.status).toBe(429);
      expect(third.init.headers["Retry-After"]).toMatch(/^\d+$/);
      expect(third.data.status === "limited" && third.data.message).toMatch(
        /^Too many requests from your connection\. Please try again in \d+ seconds\.$/,
      );
      expect(third.data.status === "limited" && third.data.cart).toEqual([expect.objectContaining({ id: WALL })]);
      expect(await counts()).toEqual(before);
      expect((await submit("192.0.2.2")).init.status).toBe(200);
    } finally {
      setEnv(originalEnv);
    }
  });

  it("counts only stored submissions: not field errors, a filled honeypot or the same form sent again", async () => {
    withFormRateLimit("2/60");
    try {
      const address = "192.0.2.10";
      const email = "counted@example.com";
      for (let n = 0; n < 3; n++) expect((await submit(address, { email: "not-an-email" })).init.status).toBe(400);
      expect((await submit(address, { [HONEYPOT_FIELD]: "spam" })).data.status).toBe("sent");
      const key = randomUUID();
      const first = await submit(address, { email, idempotencyKey: key });
      expect(first.data).toMatchObject({ status: "sent", duplicate: false });
      for (let n = 0; n < 2; n++) {
        const again = await submit(address, { email, idempotencyKey: key });
        expect(again.data).toMatchObject({ status: "sent", duplicate: true });
      }
      expect((await submit(address, { email })).init.status).toBe(200);
      expect((await submit(address, { email })).init.status).toBe(429);
      expect(await storedFor(email)).toBe(2);
    } finally {
      setEnv(originalEnv);
    }
  });

  it("stores one request when two from one address take its last use at the same moment", async () => {
    withFormRateLimit("1/60");
    try {
      const email = "simultaneous@example.com";
      const results = await Promise.all([submit("192.0.2.20", { email }), submit("192.0.2.20", { email })]);
      expect(results.map((r) => r.init.status).sort()).toEqual([200, 429]);
      expect(await storedFor(email)).toBe(1);
    } finally {
      setEnv(originalEnv);
    }
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one", async () => {
    withFormRateLimit("1/60");
    try {
      expect((await submit("2001:db8:0:7::1")).init.status).toBe(200);
      expect((await submit("2001:db8:0:7:ffff::2")).init.status).toBe(429);
      expect((await submit("2001:db8:0:8::1")).init.status).toBe(200);
      expect((await submit("::ffff:192.0.2.30")).init.status).toBe(200);
      expect((await submit("192.0.2.30")).init.status).toBe(429);
    } finally {
      setEnv(originalEnv);
    }
  });

  it("limits the cart's buttons without JavaScript apart, ten times as generously, keeping the cart", async () => {
    withFormRateLimit("2/60");
    try {
      const address = "192.0.2.40";
      const click = () => post(form({ intent: `increase:${BOOTH}`, ...details }, [[BOOTH, 1]]), address);
      for (let n = 0; n < 20; n++) expect((await click()).init.status).toBe(200);
      const refused = await click();
      expect(refused.init.status).toBe(429);
      expect(refused.init.headers["Retry-After"]).toMatch(/^\d+$/);
      expect(refused.data).toMatchObject({
        status: "limited",
        message: expect.stringMatching(/^Too many requests from your connection\. Please try again in \d+ seconds\.$/),
        cart: [{ id: BOOTH, quantity: 1 }],
        values: { name: details.name },
      });
      // The submissions' allowance is untouched.
      expect((await submit(address)).init.status).toBe(200);
    } finally {
      setEnv(originalEnv);
    }
  });
});
