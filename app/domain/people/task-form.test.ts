import { describe, expect, it } from "vitest";
import { leaveDays } from "./leave-form";
import { EMPTY_TASK_FORM, parseTaskForm } from "./task-form";
import { NAME_TEXT_MESSAGES } from "~/lib/name-text";
import { dhakaDateTime, toDhakaInput } from "~/lib/dhaka-time";

describe("due dates in Dhaka time", () => {
  it("reads a datetime-local value as Dhaka time (UTC+6) and writes it back the same", () => {
    const due = dhakaDateTime("2027-01-10T09:30");
    expect(due?.toISOString()).toBe("2027-01-10T03:30:00.000Z");
    expect(toDhakaInput(due!)).toBe("2027-01-10T09:30");
    // Just after midnight in Dhaka is the previous day in UTC.
    expect(dhakaDateTime("2027-03-01T00:15")?.toISOString()).toBe("2027-02-28T18:15:00.000Z");
  });

  it("refuses what is not a real date and time", () => {
    for (const bad of ["2027-02-30T10:00", "2027-01-10", "2027-01-10T24:00", "2027-01-10T10:60", "tomorrow", ""])
      expect(dhakaDateTime(bad)).toBeNull();
  });
});

describe("leaveDays", () => {
  it("counts the first and the last day, across months and a leap day", () => {
    expect(leaveDays("2026-12-28", "2026-12-30")).toBe(3);
    expect(leaveDays("2027-01-05", "2027-01-05")).toBe(1);
    expect(leaveDays("2028-02-28", "2028-03-01")).toBe(3);
  });
});

describe("the task's title (the one rule for names, issue 38)", () => {
  const valid = {
    ...EMPTY_TASK_FORM,
    title: "Setup: Winter Gala",
    teamId: crypto.randomUUID(),
    assignedTo: crypto.randomUUID(),
    dueDate: "2027-01-10T09:30",
  };

  it("takes a plain or Bengali title", () => {
    expect(parseTaskForm(valid)).toMatchObject({ ok: true, input: { title: "Setup: Winter Gala" } });
    expect(parseTaskForm({ ...valid, title: "র\u200d্যাব মঞ্চ" })).toMatchObject({ ok: true });
  });

  it.each([
    ["a zero-width space", "Setup: Winter Gala\u200b", NAME_TEXT_MESSAGES.invisibleInside("Title")],
    ["a soft hyphen", "Set\u00adup", NAME_TEXT_MESSAGES.invisibleInside("Title")],
    ["a right-to-left override", "Setup\u202e", NAME_TEXT_MESSAGES.bidi("Title")],
    ["only invisible characters", "\u200b\u2060", NAME_TEXT_MESSAGES.invisible("Title")],
    ["a line break", "Setup\nStrike", "Title contains characters that are not allowed"],
    ["nothing", "  ", "Title is required"],
  ])("refuses a title with %s, naming the field", (_case, title, message) => {
    expect(parseTaskForm({ ...valid, title })).toEqual({ ok: false, errors: { title: message } });
  });
});
