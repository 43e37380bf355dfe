import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { defineList, parseList } from "./list-params";
import { containsPattern, countRows, listOrder, pageOf, searchAny } from "./list-query.server";

// The toolkit's SQL half on a real table (contact_messages), independent of any screen.

const t = contactMessages;
const LIST = defineList({
  sorts: { name: "asc", created: "desc" },
  defaultSort: "created",
  filters: { status: { kind: "choice", values: ["new", "read", "handled"] } },
  pageSize: 4,
  countCap: 8,
});
const COLUMNS = { name: t.name, created: t.createdAt } as const;

function list(query: string) {
  const state = parseList(LIST, query);
  const where = and(
    searchAny(state.q, [t.name, t.subject]),
    state.filters.status && eq(t.status, state.filters.status),
  );
  return pageOf(getDb(), LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      getDb()
        .select({ name: t.name })
        .from(t)
        .where(where)
        .orderBy(...listOrder(COLUMNS[state.sort], state.dir, t.id))
        .limit(limit)
        .offset(offset),
  });
}

const SAME_TIME = new Date("2025-03-01T04:00:00Z");

beforeAll(async () => {
  // 12 messages written at the same instant (ties on the sort column), named so that searches test escaping.
  const names = ["100% sure", "100 percent", "a_b", "axb", "back\\slash", "plain"];
  await getDb()
    .insert(t)
    .values(
      Array.from({ length: 12 }, (_, n) => ({
        name: `${names[n % names.length]} ${String(n).padStart(2, "0")}`,
        email: `m${n}@example.com`,
        subject: "Hello",
        message: "Text",
        status: n < 3 ? ("handled" as const) : ("new" as const),
        createdAt: SAME_TIME,
      })),
    );
});

describe("containsPattern and searchAny", () => {
  it("escapes the user's wildcards and backslashes", () => {
    expect(containsPattern("100%_\\")).toBe("%100\\%\\_\\\\%");
    expect(searchAny("", [t.name])).toBeUndefined();
  });

  it("matches %, _ and \\ literally", async () => {
    const count = (q: string) => countRows(getDb(), t, searchAny(q, [t.name]));
    expect(await count("100%")).toBe(2);
    expect(await count("a_b")).toBe(2);
    expect(await count("back\\slash")).toBe(2);
    expect(await count("%")).toBe(2);
    expect(await count("_")).toBe(2);
  });
});

describe("countRows", () => {
  it("counts exactly without a cap, and at most cap + 1 with one", async () => {
    expect(await countRows(getDb(), t, undefined)).toBe(12);
    expect(await countRows(getDb(), t, undefined, 5)).toBe(6);
    expect(await countRows(getDb(), t, eq(t.status, "handled"), 5)).toBe(3);
  });
});

describe("pageOf", () => {
  it("caps the total, says so, and pages up to the cap", async () => {
    const first = await list("");
    expect(first).toMatchObject({ total: 8, totalCapped: true, page: 1, pageCount: 2, pageSize: 4 });
    const beyond = await list("?page=3");
    expect(beyond).toMatchObject({ page: 2, totalCapped: true });
    expect(beyond.rows).toEqual((await list("?page=2")).rows);
  });

  it("counts exactly under the cap", async () => {
    expect(await list("?status=handled")).toMatchObject({ total: 3, totalCapped: false, pageCount: 1 });
    expect(await list("?status=read")).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it("breaks ties on the sort column by id, so pages neither repeat nor skip rows", async () => {
    const ids = await getDb()
      .select({ name: t.name })
      .from(t)
      .orderBy(sql`${t.id} desc`);
    const paged = [...(await list("")).rows, ...(await list("?page=2")).rows];
    expect(paged).toEqual(ids.slice(0, 8));
    const ascending = await list("?dir=asc");
    expect(ascending.rows).toEqual(ids.slice().reverse().slice(0, 4));
  });
});
