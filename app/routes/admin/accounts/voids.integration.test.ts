// The voids through their routes (issue 36): Tax Management's Reverse dialogs (?reverseDeposit=, ?reverseRecord=)
// open filled and post through the screen's action (the list shows the row reversed; a refused one answers the
// dialog's fields and writes nothing; one already reversed goes back to the list with the reason); a payment's Void
// dialog has its own page, which goes back to the screen it came from. Staff may neither look nor post.
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { createMoneyDocument } from "~/domain/accounting/create-money-document.server";
import { settleOpenItem } from "~/domain/accounting/settle-open-item.server";
import { SETTLEMENT_VOID_MESSAGES, VOID_FORM_MESSAGES } from "~/domain/accounting/void-form";
import type { AuditActor } from "~/domain/audit/audit.server";
import { createTaxRecord } from "~/domain/tax/create-tax-record.server";
import { recordTaxDeposit } from "~/domain/tax/record-tax-deposit.server";
import { TAX_DEPOSIT_REVERSAL_MESSAGES, TAX_RECORD_REVERSAL_MESSAGES } from "~/domain/tax/tax-reversal-form";
import { todayInDhaka } from "~/lib/dhaka-time";
import { action, loader } from "./tax";
import { action as voidAction, loader as voidLoader } from "./void-settlement";

const PATH = "/admin/accounts/tax";
const BANK = seedId("account:1100");
const RECEIVABLE = seedId("account:1300");
const TABLES = ["tax_records", "tax_deposits", "settlements", "transactions", "journal_entries", "audit_log"] as const;
const actor: AuditActor = { userId: null, label: "fixture", ipAddress: null, userAgent: null };
const today = todayInDhaka();

let accountant: TestUser;
let staff: TestUser;
let depositId: string;
let recordId: string;

interface Page {
  deposits: { id: string; reversal: { reason: string } | null }[];
  page: { rows: { id: string; reversal: { reason: string } | null }[] };
  dialog: { kind: string; values?: Record<string, string> } | null;
}

const load = async (query: string, as: TestUser = accountant) =>
  answerOf<Page>(await callRoute(loader, `${PATH}${query}`, { as })).body;

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, staff] = await Promise.all([signedInUser("accountant"), signedInUser("staff")]);
  const deposit = await recordTaxDeposit(getDb(), actor, {
    kind: "income_tax",
    challanNo: "TR-ROUTE",
    date: today,
    amount: "2500",
    moneyAccountId: BANK,
    vatPeriodId: "",
    notes: "",
  });
  const record = await createTaxRecord(getDb(), actor, {
    taxType: "vat",
    kind: "output_vat",
    date: today,
    accountId: RECEIVABLE,
    taxableAmount: "1000",
    taxRate: "15",
    reference: "INV-ROUTE",
    description: "",
    party: "Route Customer",
    partyBin: "",
  });
  if (!deposit.ok || !record.ok) throw new Error("fixtures");
  depositId = deposit.id;
  recordId = record.id;
});

describe("Tax Management's Reverse dialogs", () => {
  it("opens Reverse deposit filled with today, refuses a missing reason on its field, then reverses", async () => {
    const opened = await load(`?reverseDeposit=${depositId}`);
    expect(opened.dialog).toMatchObject({
      kind: "reverse-deposit",
      values: { id: depositId, date: today, reason: "" },
    });

    const before = await tableFingerprint(TABLES);
    const refused = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await callRoute(action, `${PATH}?reverseDeposit=${depositId}`, {
        as: accountant,
        form: { intent: "reverse-deposit", id: depositId, date: today, reason: "" },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ reason: VOID_FORM_MESSAGES.reasonRequired });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const done = await callRoute(action, `${PATH}?reverseDeposit=${depositId}`, {
      as: accountant,
      form: { intent: "reverse-deposit", id: depositId, date: today, reason: "Challan returned" },
    });
    expect((done as Response).headers.get("location")).toBe(PATH);
    expect(flashToast(done as Response)).toEqual({
      type: "success",
      message: TAX_DEPOSIT_REVERSAL_MESSAGES.reversed("income_tax", "TR-ROUTE"),
    });
    expect((await load("")).deposits.find((d) => d.id === depositId)?.reversal?.reason).toBe("Challan returned");

    // Reversed already: the dialog does not open; the list says why.
    const again = await thrownBy(callRoute(loader, `${PATH}?reverseDeposit=${depositId}`, { as: accountant }));
    expect(again.location).toBe(PATH);
  });

  it("reverses a typed record from its dialog; the table marks it", async () => {
    expect((await load(`?reverseRecord=${recordId}`)).dialog?.kind).toBe("reverse-record");
    const done = await callRoute(action, `${PATH}?reverseRecord=${recordId}`, {
      as: accountant,
      form: { intent: "reverse-record", id: recordId, date: today, reason: "Typed twice" },
    });
    expect(flashToast(done as Response)).toEqual({ type: "success", message: TAX_RECORD_REVERSAL_MESSAGES.reversed });
    const row = (await load("")).page.rows.find((r) => r.id === recordId);
    expect(row?.reversal?.reason).toBe("Typed twice");
    // A second post goes back to the list with the reason.
    const twice = await callRoute(action, PATH, {
      as: accountant,
      form: { intent: "reverse-record", id: recordId, date: today, reason: "Typed twice" },
    });
    expect(flashToast(twice as Response)).toMatchObject({ type: "error" });
  });

  it("lets staff neither open nor post them", async () => {
    expect((await thrownBy(callRoute(loader, `${PATH}?reverseDeposit=${depositId}`, { as: staff }))).status).toBe(403);
    const refused = await thrownBy(
      callRoute(action, PATH, {
        as: staff,
        form: { intent: "reverse-record", id: recordId, date: today, reason: "No" },
      }),
    );
    expect(refused.status).toBe(403);
  });
});

describe("a payment's Void dialog", () => {
  it("opens on its own page, voids, and goes back to the screen it came from", async () => {
    const payable = await createMoneyDocument(getDb(), actor, "payable", {
      date: today,
      type: "expense",
      category: "Transportation",
      description: "",
      amount: "900.00",
      paymentMethod: "bank",
      moneyAccountId: "",
      reference: "",
      status: "pending",
      party: "Route Trucks",
      dueDate: today,
    });
    if (!payable.ok) throw new Error(payable.message);
    const paid = await settleOpenItem(getDb(), actor, {
      id: payable.id,
      date: today,
      paymentMethod: "bank",
      moneyAccountId: BANK,
      amount: "900.00",
      reference: "",
    });
    if (!paid.ok) throw new Error(paid.message);
    const back = `/admin/accounts?view=${payable.id}`;
    const page = `/admin/accounts/settlements/${paid.settlementId}/void?back=${encodeURIComponent(back)}`;
    const params = { id: paid.settlementId };

    const opened = answerOf<{ settlement: { kind: string; amount: string }; back: string; values: { date: string } }>(
      await callRoute(voidLoader, page, { as: accountant, params }),
    ).body;
    expect(opened).toMatchObject({ settlement: { kind: "payable", amount: "900.00" }, back, values: { date: today } });
    expect((await thrownBy(callRoute(voidLoader, page, { as: staff, params }))).status).toBe(403);

    const refused = answerOf<{ errors: Record<string, string> }>(
      await callRoute(voidAction, page, { as: accountant, params, form: { intent: "void", date: "", reason: "x y" } }),
    );
    expect(refused).toMatchObject({ status: 400, body: { errors: { date: VOID_FORM_MESSAGES.dateRequired } } });

    const done = await callRoute(voidAction, page, {
      as: accountant,
      params,
      form: { intent: "void", date: today, reason: "Paid the wrong account" },
    });
    expect((done as Response).headers.get("location")).toBe(back);
    expect(flashToast(done as Response)).toEqual({
      type: "success",
      message: SETTLEMENT_VOID_MESSAGES.voided("payable", "900.00"),
    });
    // Voided: the page does not open again; back with the reason. An address outside the back office is not followed.
    const again = await thrownBy(
      callRoute(voidLoader, `/admin/accounts/settlements/${paid.settlementId}/void?back=https://evil.test/`, {
        as: accountant,
        params,
      }),
    );
    expect(again.location).toBe(`/admin/accounts/payables?view=${payable.id}`);
  });
});
