// The Assign crew form's rules (issue 26): each role's default time and title, the short periods the warnings and
// leave notes print, and the messages naming each field.
import { describe, expect, it } from "vitest";
import { NAME_TEXT_MESSAGES } from "../../lib/name-text";
import {
  CREW_MESSAGES,
  defaultCrewTitle,
  defaultCrewWhen,
  parseCrewForm,
  shortPeriod,
  EMPTY_CREW_FORM,
} from "./crew-form";

const job = { title: "Winter Gala", startDate: "2027-12-12", endDate: "2027-12-14", eventTime: "18:30:00" };

describe("crew defaults", () => {
  it("setup 3 hours before the event on the first day, operate at its time, strike the last day at 22:00", () => {
    expect(defaultCrewWhen("setup", job)).toBe("2027-12-12T15:30");
    expect(defaultCrewWhen("operate", job)).toBe("2027-12-12T18:30");
    expect(defaultCrewWhen("strike", job)).toBe("2027-12-14T22:00");
  });
  it("an early event's setup is not before midnight; a one-day job's late event is struck at its own time", () => {
    expect(defaultCrewWhen("setup", { ...job, eventTime: "01:00" })).toBe("2027-12-12T00:00");
    const late = { ...job, endDate: job.startDate, eventTime: "23:15:00" };
    expect(defaultCrewWhen("strike", late)).toBe("2027-12-12T23:15");
  });
  it("titles the task by its part", () => {
    expect(defaultCrewTitle("strike", "Winter Gala")).toBe("Strike: Winter Gala");
    expect(defaultCrewTitle("setup", "x".repeat(300))).toHaveLength(200);
  });
  it("prints periods short", () => {
    expect(shortPeriod("2027-12-12", "2027-12-14")).toBe("12–14 Dec");
    expect(shortPeriod("2027-12-30", "2028-01-02")).toBe("30 Dec – 2 Jan");
    expect(shortPeriod("2027-12-12", "2027-12-12")).toBe("12 Dec");
  });
});

describe("parseCrewForm", () => {
  const ok = { ...EMPTY_CREW_FORM, teamId: crypto.randomUUID(), employeeId: crypto.randomUUID() };
  it("names each field it refuses", () => {
    expect(parseCrewForm({ ...ok, role: "usher" })).toEqual({ ok: false, errors: { role: CREW_MESSAGES.roleUnknown } });
    expect(parseCrewForm({ ...ok, teamId: "" })).toEqual({ ok: false, errors: { teamId: CREW_MESSAGES.teamRequired } });
    expect(parseCrewForm({ ...ok, teamId: "nope" })).toEqual({
      ok: false,
      errors: { teamId: CREW_MESSAGES.teamNotFound },
    });
    expect(parseCrewForm({ ...ok, employeeId: "" })).toEqual({
      ok: false,
      errors: { employeeId: CREW_MESSAGES.employeeRequired },
    });
    expect(parseCrewForm({ ...ok, when: "tomorrow" })).toEqual({ ok: false, errors: { when: CREW_MESSAGES.badWhen } });
  });
  it("refuses a typed title with hidden or direction characters, naming the field (issue 38)", () => {
    expect(parseCrewForm({ ...ok, title: "Strike\u200b" })).toEqual({
      ok: false,
      errors: { title: NAME_TEXT_MESSAGES.invisibleInside("Title") },
    });
    expect(parseCrewForm({ ...ok, title: "Strike\u2066" })).toEqual({
      ok: false,
      errors: { title: NAME_TEXT_MESSAGES.bidi("Title") },
    });
    expect(parseCrewForm({ ...ok, title: "Strike: ঢাকা" })).toMatchObject({
      ok: true,
      input: { title: "Strike: ঢাকা" },
    });
  });
  it("takes an empty time and title as the defaults, and confirm only as 1", () => {
    const parsed = parseCrewForm({ ...ok, confirm: "yes" });
    expect(parsed).toMatchObject({ ok: true, input: { when: "", title: "", confirm: false } });
    expect(parseCrewForm({ ...ok, confirm: "1" })).toMatchObject({ ok: true, input: { confirm: true } });
  });
});
