import { describe, expect, expectTypeOf, it } from "vitest";
import {
  clampPage,
  defineList,
  isCalendarDate,
  listUrlOf,
  withParam,
  isNarrowed,
  listHref,
  listSearch,
  pageCountOf,
  pageWindow,
  parseList,
  shownRange,
  sortChange,
} from "./list-params";

const LIST = defineList({
  sorts: { name: "asc", created: "desc", price: "asc" },
  defaultSort: "created",
  filters: {
    status: { kind: "choice", values: ["new", "read", "handled"] },
    from: { kind: "date" },
    user: { kind: "uuid" },
    action: { kind: "text", maxLength: 20, pattern: /^[a-z_.]+$/ },
  },
  pageSize: 10,
});

const parse = (query: string) => parseList(LIST, new URLSearchParams(query));

describe("parseList", () => {
  it("reads every part of a well-formed URL", () => {
    const state = parse(
      "q=led+wall&status=read&from=2025-02-28&user=3F2504E0-4F89-41D3-9A0C-0305E82C3301&action=auth.sign_in&sort=name&dir=desc&page=3",
    );
    expect(state).toEqual({
      q: "led wall",
      sort: "name",
      dir: "desc",
      page: 3,
      filters: {
        status: "read",
        from: "2025-02-28",
        user: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        action: "auth.sign_in",
      },
    });
    expectTypeOf(state.sort).toEqualTypeOf<"name" | "created" | "price">();
    expectTypeOf(state.filters.status).toEqualTypeOf<"new" | "read" | "handled" | undefined>();
  });

  it("gives the defaults for an empty URL: default sort in its own direction, page 1, no filters", () => {
    expect(parse("")).toEqual({ q: "", sort: "created", dir: "desc", page: 1, filters: {} });
  });

  it("falls back to the defaults for unknown or malformed values, never throwing", () => {
    const state = parse(
      "sort=password&dir=sideways&page=-2&status=deleted&from=2025-02-30&user=1;drop table users&action=DROP TABLE",
    );
    expect(state).toEqual({ q: "", sort: "created", dir: "desc", page: 1, filters: {} });
    for (const page of ["0", "abc", "1.5", "1e3", "99999999999", " 2", ""]) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse("sort=__proto__").sort).toBe("created");
    expect(parse("sort=constructor").sort).toBe("created");
    expect(parse("sort=toString").sort).toBe("created");
  });

  it("keeps a known sort but uses its own direction when dir is malformed", () => {
    expect(parse("sort=name&dir=up")).toMatchObject({ sort: "name", dir: "asc" });
    expect(parse("sort=price")).toMatchObject({ sort: "price", dir: "asc" });
  });

  it("cleans the search: control characters and runs of spaces become one space, trimmed, cut at 100", () => {
    expect(parse("q=%20%20a%0A%0Db%09%20c%20").q).toBe("a b c");
    expect(parse(`q=${"x".repeat(300)}`).q).toHaveLength(100);
    expect(parse("q=100%25_off\\").q).toBe("100%_off\\");
  });

  it("takes a patterned filter whole or not at all, never cut to fit its length (issue 38)", () => {
    expect(parse("action=auth.sign_in").filters.action).toBe("auth.sign_in");
    // 21 characters: cut to 20 it would match the pattern.
    expect(parse("action=auth.sign_in.failedxy").filters.action).toBeUndefined();
    const months = defineList({
      sorts: { date: "desc" },
      defaultSort: "date",
      filters: { period: { kind: "text", maxLength: 7, pattern: /^20\d{2}-(0[1-9]|1[0-2])$/ } },
      pageSize: 10,
    });
    const period = (query: string) => parseList(months, new URLSearchParams(query)).filters.period;
    expect(period("period=2026-11")).toBe("2026-11");
    expect(period("period=2026-11-30")).toBeUndefined();
    expect(period("period=0000-01-01")).toBeUndefined();
  });

  it("takes the first of repeated parameters", () => {
    expect(parse("status=new&status=read").filters.status).toBe("new");
  });

  it("accepts a Request, a URL or a string", () => {
    expect(parseList(LIST, new Request("http://x/admin/inbox?page=2")).page).toBe(2);
    expect(parseList(LIST, new URL("http://x/?sort=name")).sort).toBe("name");
    expect(parseList(LIST, "/admin/inbox?q=hi").q).toBe("hi");
  });
});

describe("defineList", () => {
  it("refuses a default sort that is not a sort, a reserved filter name and a bad page size", () => {
    expect(() => defineList({ sorts: { a: "asc" }, defaultSort: "b" as "a", filters: {}, pageSize: 10 })).toThrow(
      "defaultSort b is not a sort",
    );
    expect(() =>
      defineList({ sorts: { a: "asc" }, defaultSort: "a", filters: { page: { kind: "date" } }, pageSize: 10 }),
    ).toThrow("filter name page is reserved for the list itself");
    expect(() => defineList({ sorts: { a: "asc" }, defaultSort: "a", filters: {}, pageSize: 0 })).toThrow(
      "pageSize must be a positive integer",
    );
  });
});

describe("isCalendarDate", () => {
  it("accepts real dates only", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-13-01")).toBe(false);
    expect(isCalendarDate("2025-1-01")).toBe(false);
    expect(isCalendarDate("1800-01-01")).toBe(false);
  });
});

describe("listSearch and listHref", () => {
  const state = parse("q=led&status=read&sort=name&page=4");

  it("writes nothing for the default state, and only what differs from it otherwise", () => {
    expect(listSearch(LIST, parse(""))).toBe("");
    expect(listSearch(LIST, state)).toBe("?q=led&status=read&sort=name&page=4");
    expect(listSearch(LIST, parse("dir=asc"))).toBe("?dir=asc");
  });

  it("keeps the state when only the page changes", () => {
    expect(listSearch(LIST, state, { page: 5 })).toBe("?q=led&status=read&sort=name&page=5");
    expect(listSearch(LIST, state, { page: 1 })).toBe("?q=led&status=read&sort=name");
  });

  it("goes back to page 1 when the search, a filter or the sort changes", () => {
    expect(listSearch(LIST, state, { q: "truss" })).toBe("?q=truss&status=read&sort=name");
    expect(listSearch(LIST, state, { filters: { status: "new" } })).toBe("?q=led&status=new&sort=name");
    expect(listSearch(LIST, state, { filters: { status: "" } })).toBe("?q=led&sort=name");
    expect(listSearch(LIST, state, { q: "" })).toBe("?status=read&sort=name");
    expect(listSearch(LIST, state, sortChange(LIST, state, "name"))).toBe("?q=led&status=read&sort=name&dir=desc");
  });

  it("takes a new sort's own direction", () => {
    expect(listSearch(LIST, state, { sort: "created" })).toBe("?q=led&status=read");
    expect(listSearch(LIST, state, { sort: "price" })).toBe("?q=led&status=read&sort=price");
  });

  it("escapes what it writes", () => {
    expect(listHref("/admin/inbox", LIST, parse(""))).toBe("/admin/inbox");
    expect(listHref("/admin/inbox", LIST, parse(""), { q: "a&b=c #1" })).toBe("/admin/inbox?q=a%26b%3Dc+%231");
  });
});

describe("sortChange", () => {
  it("toggles the direction of the current sort and starts a new one in its own direction", () => {
    expect(sortChange(LIST, { sort: "name", dir: "asc" }, "name")).toEqual({ sort: "name", dir: "desc" });
    expect(sortChange(LIST, { sort: "name", dir: "desc" }, "name")).toEqual({ sort: "name", dir: "asc" });
    expect(sortChange(LIST, { sort: "name", dir: "asc" }, "created")).toEqual({ sort: "created", dir: "desc" });
  });
});

describe("isNarrowed", () => {
  it("is true with a search or a filter", () => {
    expect(isNarrowed(parse("sort=name&page=2"))).toBe(false);
    expect(isNarrowed(parse("q=x"))).toBe(true);
    expect(isNarrowed(parse("status=new"))).toBe(true);
  });
});

describe("paging", () => {
  it("counts pages, at least one", () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(57, 10)).toBe(6);
  });

  it("clamps a page to the existing ones", () => {
    expect(clampPage(9, 6)).toBe(6);
    expect(clampPage(0, 6)).toBe(1);
    expect(clampPage(3, 6)).toBe(3);
    expect(clampPage(3, 0)).toBe(1);
  });

  it("shows up to 5 page buttons around the current page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(40, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(4, 10, 4)).toEqual([2, 3, 4, 5]);
  });

  it("says which rows a page shows", () => {
    expect(shownRange(2, 10, 57)).toEqual({ from: 11, to: 20 });
    expect(shownRange(6, 10, 57)).toEqual({ from: 51, to: 57 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(shownRange(1, 10, 3)).toEqual({ from: 1, to: 3 });
  });
});

describe("countCap", () => {
  it("must be at least a page", () => {
    expect(() => defineList({ sorts: { a: "asc" }, defaultSort: "a", filters: {}, pageSize: 10, countCap: 5 })).toThrow(
      "countCap must be a whole number of at least one page",
    );
  });
});

describe("listUrlOf and withParam", () => {
  const spec = defineList({
    sorts: { name: "asc", date: "desc" },
    defaultSort: "name",
    filters: { status: { kind: "choice", values: ["open", "closed"] } },
    pageSize: 10,
  });

  it("keeps a list's own state and drops a dialog's parameter; adds one to a URL with or without a query", () => {
    expect(listUrlOf(spec, new URL("http://x/admin/things?status=open&edit=1&page=2"))).toBe(
      "/admin/things?status=open&page=2",
    );
    expect(listUrlOf(spec, new URL("http://x/admin/things?new=1"))).toBe("/admin/things");
    expect(withParam("/admin/things", "new=1")).toBe("/admin/things?new=1");
    expect(withParam("/admin/things?status=open", "edit=7")).toBe("/admin/things?status=open&edit=7");
  });
});
