import { describe, expect, it } from "vitest";
import { activityItem, activitySourcesFor, auditEntryTarget } from "./activity";

const at = new Date("2026-12-01T10:00:00Z");
const base = { action: null, entityType: null, entityId: null, at };

describe("activityItem", () => {
  it("words a new quotation as the spec does and links to it", () => {
    expect(activityItem({ ...base, kind: "quotation", id: "q-1", title: "Corporate Event", who: "Nusrat" })).toEqual({
      key: "quotation:q-1",
      kind: "quotation",
      text: "New quotation request received for Corporate Event",
      detail: "From Nusrat",
      at: "2026-12-01T10:00:00.000Z",
      href: "/admin/quotations?view=q-1",
    });
  });

  it("links a contact message to its page in the inbox", () => {
    const item = activityItem({ ...base, kind: "contact", id: "m-1", title: "Sound for 400", who: "Farhana Akter" });
    expect(item).toMatchObject({
      text: "New contact message from Farhana Akter",
      detail: "Sound for 400",
      href: "/admin/inbox/m-1",
    });
  });

  it("shows an audit entry's summary and who acted, linked to the record's screen", () => {
    const item = activityItem({
      ...base,
      kind: "audit",
      id: "a-1",
      title: "Invited Rafiq as staff",
      who: "admin@example.com",
      action: "user.invited",
      entityType: "user",
      entityId: "u-1",
    });
    expect(item).toMatchObject({ text: "Invited Rafiq as staff", detail: "By admin@example.com" });
    expect(item.href).toBe("/admin/settings/users");
  });
});

describe("auditEntryTarget", () => {
  it("leads to the record's own screen with the permission to open it", () => {
    expect(auditEntryTarget({ action: "quotation.approved", entityType: "quotation", entityId: "q 1" })).toEqual({
      permission: "quotations.view",
      href: "/admin/quotations?view=q%201",
    });
    expect(auditEntryTarget({ action: "message.handled", entityType: "contact_message", entityId: "m-2" })).toEqual({
      permission: "inbox.view",
      href: "/admin/inbox/m-2",
    });
    expect(
      auditEntryTarget({ action: "settings.company_updated", entityType: "company_settings", entityId: null }),
    ).toEqual({ permission: "settings.manage", href: "/admin/settings" });
  });

  it("sends an entry about an unknown kind of record to the audit log, for those who may read it", () => {
    expect(auditEntryTarget({ action: "backup.made", entityType: "backup", entityId: "b-1" })).toEqual({
      permission: "audit.view",
      href: "/admin/audit?action=backup.made",
    });
    expect(auditEntryTarget({ action: "x.y", entityType: null, entityId: null }).permission).toBe("audit.view");
  });
});

describe("activitySourcesFor", () => {
  it("gives the administrator everything", () => {
    expect(activitySourcesFor("admin")).toEqual({ quotations: true, contactMessages: true, audit: "all" });
  });

  it("gives staff quotations, the inbox and audit entries about what staff may open, never users or settings", () => {
    const staff = activitySourcesFor("staff");
    expect(staff.quotations).toBe(true);
    expect(staff.contactMessages).toBe(true);
    expect(staff.audit).toEqual(expect.arrayContaining(["quotation", "inventory_item", "event", "contact_message"]));
    expect(staff.audit).not.toContain("user");
    expect(staff.audit).not.toContain("company_settings");
  });

  it("gives the accountant quotations and employees (for payroll) but not the inbox", () => {
    const accountant = activitySourcesFor("accountant");
    expect(accountant).toMatchObject({ quotations: true, contactMessages: false });
    expect(accountant.audit).toEqual(["quotation", "employee"]);
  });

  it("gives a customer nothing", () => {
    expect(activitySourcesFor("customer")).toEqual({ quotations: false, contactMessages: false, audit: [] });
  });
});
