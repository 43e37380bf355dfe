// The one name rule (name-text.ts; issue 19, security point 10) through each form that takes a name: a name made
// only of invisible characters, or holding a direction override or isolate, is refused with the field's message
// and nothing is written: inventory items, events, employees, teams, staff users and the quotation request.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { companySettings, inventoryItems, rateLimitCounters } from "~/db/schema";
import { companySeed } from "~/db/seed/company";
import type { AuditActor } from "~/domain/audit/audit.server";
import { inviteStaffUser } from "~/domain/auth/staff-users.server";
import { createTeam } from "~/domain/people/teams.server";
import type { QuotationFormOutcome } from "~/domain/quotations/quotation-form.server";
import { createRequestContext } from "~/lib/request-context";
import { action as eventsAction } from "~/routes/admin/events";
import { action as employeesAction } from "~/routes/admin/employees";
import { action as inventoryAction } from "~/routes/admin/inventory";
import { action as quotationAction } from "~/routes/storefront/quotation";
import { dhakaDatePlus } from "../../tests/support/dates";
import { tableFingerprint } from "../../tests/support/db-fingerprint";
import { insertEmployee } from "../../tests/support/people-fixtures";
import { answerOf, callRoute, signedInUser, type TestUser } from "../../tests/support/signed-in-request";
import { NAME_TEXT_MESSAGES } from "./name-text";

const ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff";
const NBSP_AND_ZERO_WIDTH = "\u00a0\u200b\u00a0";
const RIGHT_TO_LEFT_OVERRIDE = "Stage\u202eegats";
const ISOLATE = "\u2067Crew\u2069";

let admin: TestUser;
let staff: TestUser;
const actor = (): AuditActor => ({ userId: admin.id, label: admin.email, ipAddress: null, userAgent: "vitest" });

beforeAll(async () => {
  // The invitation e-mail names the company.
  await getDb().insert(companySettings).values(companySeed).onConflictDoNothing();
  [admin, staff] = await Promise.all([signedInUser("admin"), signedInUser("staff")]);
});

type Refusal = { errors: Record<string, string>; toast: { message: string } };

describe("inventory items", () => {
  const TABLES = ["inventory_items", "inventory_package_parts", "audit_log"] as const;
  const item = {
    intent: "create",
    name: "Par Can",
    category: "lighting",
    inventoryGroup: "STV",
    source: "in-house",
    status: "available",
    price: "750",
    priceUnit: "unit/day",
    quantity: "12",
    unitsUnderRepair: "0",
    tags: "",
  };

  it.each([
    ["a name of zero-width characters", { name: ZERO_WIDTH }, "name", NAME_TEXT_MESSAGES.invisible("Name")],
    ["a name with a right-to-left override", { name: RIGHT_TO_LEFT_OVERRIDE }, "name", NAME_TEXT_MESSAGES.bidi("Name")],
    [
      "a supplier name of non-breaking and zero-width spaces",
      { supplierName: NBSP_AND_ZERO_WIDTH },
      "supplierName",
      NAME_TEXT_MESSAGES.invisible("Supplier name"),
    ],
  ])("refuses %s", async (_case, change, field, message) => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<Refusal>(
      await callRoute(inventoryAction, "/admin/inventory?new=1", { as: staff, form: { ...item, ...change } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors[field]).toBe(message);
    expect(answer.body.toast.message).toBe(`Failed to add item: ${message}`);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("events", () => {
  const TABLES = ["events", "audit_log"] as const;
  let organizer: string;
  beforeAll(async () => {
    organizer = await insertEmployee("Farhana Organizer");
  });

  it.each([
    ["zero-width characters", ZERO_WIDTH, NAME_TEXT_MESSAGES.invisible("Title")],
    ["a right-to-left override", RIGHT_TO_LEFT_OVERRIDE, NAME_TEXT_MESSAGES.bidi("Title")],
  ])("refuses a title of %s", async (_case, title, message) => {
    const form = new FormData();
    const fields = {
      intent: "create",
      title,
      description: "Stalls, a runway and a stage.",
      date: "2099-12-20",
      time: "16:00",
      location: "Bashundhara Convention Center, Dhaka",
      status: "upcoming",
      organizerId: organizer,
      capacity: "800",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("image", new File([], ""));
    form.append("newImages", new File([], ""));
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<Refusal>(await callRoute(eventsAction, "/admin/events?new=1", { as: admin, form }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors.title).toBe(message);
    expect(answer.body.toast.message).toBe(`Failed to add event: ${message}`);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("employees", () => {
  const TABLES = ["employees", "audit_log"] as const;
  const employee = {
    intent: "create",
    name: "Tahmina Akter",
    email: "tahmina.names@staff.test",
    phone: "+880 1711-222333",
    position: "Coordinator",
    department: "Operations",
    joiningDate: "2024-02-01",
    salary: "45,000",
    status: "active",
  };

  it.each([
    ["non-breaking and zero-width spaces", NBSP_AND_ZERO_WIDTH, NAME_TEXT_MESSAGES.invisible("Name")],
    ["a word joiner and a byte-order mark inside spaces", " \u2060\ufeff ", NAME_TEXT_MESSAGES.invisible("Name")],
    ["a right-to-left isolate", `Tahmina ${ISOLATE}`, NAME_TEXT_MESSAGES.bidi("Name")],
  ])("refuses a name of %s", async (_case, name, message) => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<Refusal>(
      await callRoute(employeesAction, "/admin/employees?new=1", { as: admin, form: { ...employee, name } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors.name).toBe(message);
    expect(answer.body.toast.message).toBe(`Failed to add employee: ${message}`);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("teams and staff users", () => {
  it("refuses a team name holding an isolate or made of zero-width characters", async () => {
    const before = await tableFingerprint(["teams", "team_members", "audit_log"]);
    for (const [name, message] of [
      [ISOLATE, NAME_TEXT_MESSAGES.bidi("Team name")],
      [ZERO_WIDTH, NAME_TEXT_MESSAGES.invisible("Team name")],
    ] as const) {
      const result = await createTeam(getDb(), { name }, actor());
      expect(result).toMatchObject({ ok: false, refusal: "invalid", errors: { name: message } });
    }
    expect(await tableFingerprint(["teams", "team_members", "audit_log"])).toEqual(before);
  });

  it("refuses to invite a staff member whose name is invisible or overrides the text's direction", async () => {
    const TABLES = ["users", "accounts", "email_outbox", "audit_log"] as const;
    const before = await tableFingerprint(TABLES);
    for (const [name, message] of [
      [ZERO_WIDTH, NAME_TEXT_MESSAGES.invisible("Name")],
      [RIGHT_TO_LEFT_OVERRIDE, NAME_TEXT_MESSAGES.bidi("Name")],
    ] as const) {
      const result = await inviteStaffUser(
        getDb(),
        { name, email: `invite-${randomUUID()}@example.com`, role: "staff" },
        actor(),
      );
      expect(result).toMatchObject({ ok: false, refusal: "invalid", errors: { name: message } });
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("the quotation request (the customer's name)", () => {
  const TABLES = ["quotations", "quotation_lines", "quotation_events", "email_outbox", "users"] as const;
  let productId: string;
  beforeAll(async () => {
    const [row] = await getDb()
      .insert(inventoryItems)
      .values({ slug: "names-test-par", name: "Names Test Par", category: "lighting", price: "500.00", quantity: 10 })
      .returning({ id: inventoryItems.id });
    productId = row!.id;
  });
  beforeEach(async () => {
    await getDb().delete(rateLimitCounters);
  });

  const post = async (change: Record<string, string>) => {
    const body = new FormData();
    const fields = {
      intent: "submit",
      name: "Farhana Ahmed",
      email: "farhana@example.com",
      phone: "+880 1811-222333",
      event_name: "Annual Dinner",
      event_date: dhakaDatePlus(45),
      event_time: "19:00",
      event_location: "Gulshan 2, Dhaka",
      notes: "",
      idempotencyKey: randomUUID(),
      ...change,
    };
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append("productId", productId);
    body.append("quantity", "2");
    const result = (await quotationAction({
      request: new Request("http://localhost/quotation", { method: "POST", body }),
      params: {},
      context: createRequestContext({ clientAddress: "203.0.113.77" }),
    } as never)) as unknown as { data: QuotationFormOutcome; init: { status?: number } };
    return result;
  };

  it.each([
    ["a name of zero-width spaces", { name: ZERO_WIDTH }, "name", NAME_TEXT_MESSAGES.invisible("Name")],
    ["a name with a right-to-left override", { name: "Farhana\u202e" }, "name", NAME_TEXT_MESSAGES.bidi("Name")],
    [
      "an event name of non-breaking and zero-width spaces",
      { event_name: NBSP_AND_ZERO_WIDTH },
      "event_name",
      NAME_TEXT_MESSAGES.invisible("Event name"),
    ],
  ])("refuses %s", async (_case, change, field, message) => {
    const before = await tableFingerprint(TABLES);
    const result = await post(change);
    expect(result.init.status).toBe(400);
    expect(result.data.status === "invalid" && result.data.errors).toEqual({ [field]: message });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("takes the same request with a plain name (the refusals above were the name's alone)", async () => {
    const result = await post({ name: "ফারহানা আহমেদ" });
    expect(result.data.status).toBe("sent");
  });
});
