import { describe, expect, it } from "vitest";
import { parseList } from "../../lib/list-params";
import {
  ACCOUNT_LINES_LIST,
  accountRange,
  ledgerAccountHref,
  ledgerEntryHref,
  monthOf,
  quickRanges,
} from "./account-page";

// An account's page (issue 21): the period in its URL, this month in Dhaka by default.

const range = (query: string, today = "2026-02-10") =>
  accountRange(parseList(ACCOUNT_LINES_LIST, query), today).filters;

describe("the account page's period", () => {
  it("is this month by default, to its last day", () => {
    expect(range("")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(range("", "2028-02-29")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthOf("2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("takes the URL's dates, swaps them when from is after to, and ignores a malformed one", () => {
    expect(range("?from=2025-07-01&to=2026-06-30")).toEqual({ from: "2025-07-01", to: "2026-06-30" });
    expect(range("?from=2026-03-01&to=2026-01-01")).toEqual({ from: "2026-01-01", to: "2026-03-01" });
    expect(range("?from=2026-02-30&to=2026-02-15")).toEqual({ from: "2026-02-01", to: "2026-02-15" });
    // A start after this month with no end: that one day.
    expect(range("?from=2026-05-04")).toEqual({ from: "2026-05-04", to: "2026-05-04" });
  });

  it("offers this month, last month (across a year's end) and this year", () => {
    expect(quickRanges("2026-01-20")).toEqual([
      { label: "This month", from: "2026-01-01", to: "2026-01-31" },
      { label: "Last month", from: "2025-12-01", to: "2025-12-31" },
      { label: "This year", from: "2026-01-01", to: "2026-12-31" },
    ]);
  });

  it("links a line to its entry, and the account to its entries, in the General Ledger", () => {
    expect(ledgerEntryHref("3f2504e0-4f89-41d3-9a0c-0305e82c3301")).toBe(
      "/admin/accounts/ledger?entry=3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    );
    expect(ledgerAccountHref("abc", { from: "2026-02-01", to: "2026-02-28" })).toBe(
      "/admin/accounts/ledger?from=2026-02-01&to=2026-02-28&account=abc",
    );
  });
});
