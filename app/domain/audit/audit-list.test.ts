import { describe, expect, it } from "vitest";
import { parseList } from "~/lib/list-params";
import { AUDIT_LIST, auditRecordHref } from "./audit-list";

describe("auditRecordHref", () => {
  it("links the records that have a screen", () => {
    const id = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
    expect(auditRecordHref("contact_message", id)).toBe(`/admin/inbox/${id}`);
    expect(auditRecordHref("email", id)).toBe(`/admin/outbox/${id}`);
    expect(auditRecordHref("user", id)).toBe("/admin/settings/users");
    expect(auditRecordHref("user", null)).toBe("/admin/settings/users");
    expect(auditRecordHref("inventory_item", id)).toBe(`/admin/inventory?edit=${id}`);
    expect(auditRecordHref("account", id)).toBe(`/admin/accounts/chart/${id}`);
    expect(auditRecordHref("accounting_settings", null)).toBe("/admin/settings/accounting");
    expect(auditRecordHref("year_end_close", id)).toBe("/admin/accounts/reports/year-end");
    expect(auditRecordHref("budget", id)).toBe("/admin/accounts/budget");
    expect(auditRecordHref("transaction", id)).toBe(`/admin/accounts?view=${id}`);
    expect(auditRecordHref("tax_deposit", id)).toBe("/admin/accounts/tax");
    expect(auditRecordHref("tax_record", id)).toBe("/admin/accounts/tax");
  });

  it("links nothing else", () => {
    expect(auditRecordHref("contact_message", null)).toBeNull();
    expect(auditRecordHref("quotation", "x")).toBeNull();
    expect(auditRecordHref(null, "x")).toBeNull();
  });
});

describe("AUDIT_LIST", () => {
  it("accepts action names and refuses anything else", () => {
    expect(parseList(AUDIT_LIST, "?action=contact_message.handled").filters.action).toBe("contact_message.handled");
    expect(parseList(AUDIT_LIST, "?action=x'%20or%201=1").filters.action).toBeUndefined();
    expect(parseList(AUDIT_LIST, "?from=2025-03-01&to=2025-02-31").filters).toEqual({ from: "2025-03-01" });
  });
});
