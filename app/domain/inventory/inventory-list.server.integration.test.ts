import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertQuotation } from "../../../tests/support/quotation-fixtures";
import { getDb } from "~/db/client.server";
import { inventoryItems, inventoryPackageParts } from "~/db/schema";
import { CATEGORIES } from "~/domain/catalogue/constants";
import type { QuotationStatus } from "~/domain/quotations/constants";
import { pageWindow, parseList } from "~/lib/list-params";
import { INVENTORY_LIST } from "./inventory-list";
import { listInventory, type InventoryRow } from "./inventory-list.server";

// The inventory list's SQL (backoffice.md §2 Inventory Management, §9; issue 9) on a small catalogue whose every
// row is known, plus 57 look-alike generators for paging.

const TODAY = "2026-12-10";

type NewItem = typeof inventoryItems.$inferInsert;

const FIXTURE = {
  beam: {
    name: "Beam Moving Head",
    category: "lighting",
    source: "in-house",
    inventoryGroup: "STV",
    status: "available",
    price: "1500",
    quantity: 12,
    unitsUnderRepair: 2,
    description: "Sharpy beam 230W",
    tags: ["moving head", "Beam"],
    imageUrls: ["/images/beam.webp", "/images/beam-2.webp"],
  },
  lineArray: {
    name: "Line Array Speaker",
    category: "sound",
    source: "outsourced",
    inventoryGroup: "SLD",
    status: "booked",
    price: "8000",
    quantity: 0,
    description: "Outdoor PA with 100% coverage",
    tags: ["audio"],
  },
  ledWall: {
    name: "LED Wall P3",
    category: "led",
    source: "in-house",
    inventoryGroup: "SLD",
    status: "available",
    price: "5000",
    quantity: 10,
    description: "Indoor_outdoor panel",
    tags: ["screen"],
  },
  coldSpark: {
    name: "Cold Spark Machine",
    category: "fx",
    source: "outsourced",
    inventoryGroup: "STV",
    status: "under-repair",
    price: "3000",
    quantity: 4,
    description: "Cold sparks for entrances",
    tags: ["Sparkular"],
  },
  deck: {
    name: "Stage Deck",
    category: "stage",
    source: "in-house",
    inventoryGroup: "STV",
    status: "available",
    price: "1200",
    quantity: 10,
    unitsUnderRepair: 2,
    repairReturnDate: "2026-12-15",
    description: "2 x 1 m deck",
    tags: ["platform"],
  },
  truss: {
    name: "Truss 3m",
    category: "truss",
    source: "in-house",
    inventoryGroup: "STV",
    status: "available",
    price: "900",
    quantity: 20,
    unitsUnderRepair: 5,
    // Back today: free again from this day.
    repairReturnDate: TODAY,
    description: "Box truss",
    tags: [],
  },
  chair: {
    name: "Chiavari Chair",
    category: "furniture",
    source: "outsourced",
    inventoryGroup: "SLD",
    status: "booked",
    price: "150",
    quantity: 100,
    description: "Gold chair",
    tags: ["seating"],
  },
  wedding: {
    name: "Wedding Stage Set",
    category: "decoration",
    source: "in-house",
    inventoryGroup: "STV",
    status: "available",
    price: "50000",
    quantity: 3,
    description: "Decks and truss for a wedding stage",
    tags: ["package"],
  },
  projector: {
    name: "Old Projector",
    category: "video",
    source: "in-house",
    inventoryGroup: "STV",
    status: "available",
    price: "700",
    quantity: 2,
    description: "Retired projector",
    tags: [],
    archivedAt: new Date("2026-11-01T00:00:00Z"),
  },
} satisfies Record<string, Omit<NewItem, "slug">>;

type Key = keyof typeof FIXTURE;
const ids = {} as Record<Key, string>;
const nameOf = {} as Record<string, Key>;

/** A quotation in `status` on `eventDate` with lines [item id, quantity]. */
const quotation = (status: QuotationStatus, eventDate: string, lines: Array<[itemId: string, quantity: number]>) =>
  insertQuotation(status, "test@example.com", lines, { eventDate });

beforeAll(async () => {
  const db = getDb();
  for (const [key, item] of Object.entries(FIXTURE) as Array<[Key, Omit<NewItem, "slug">]>) {
    const [row] = await db
      .insert(inventoryItems)
      .values({ ...item, slug: key.toLowerCase() })
      .returning({ id: inventoryItems.id });
    ids[key] = row!.id;
    nameOf[item.name] = key;
  }
  await db.insert(inventoryPackageParts).values([
    { packageItemId: ids.wedding, partItemId: ids.deck, quantity: 4, position: 0 },
    { packageItemId: ids.wedding, partItemId: ids.truss, quantity: 6, position: 1 },
  ]);
  // Today: 3 LED walls and one wedding set approved (the set takes 4 decks and 6 truss); the rest does not count.
  await quotation("approved", TODAY, [
    [ids.ledWall, 3],
    [ids.wedding, 1],
  ]);
  await quotation("pending", TODAY, [[ids.ledWall, 5]]);
  await quotation("sent", TODAY, [[ids.chair, 50]]);
  await quotation("approved", "2026-12-11", [[ids.chair, 40]]);
});

function list(query = "") {
  return listInventory(getDb(), parseList(INVENTORY_LIST, `?${query}`), TODAY);
}

/** The keys of the rows a list page shows, in order. */
async function keys(query = ""): Promise<Key[]> {
  return (await list(query)).rows.map((r) => nameOf[r.name]!);
}

const LIVE: Key[] = ["beam", "lineArray", "ledWall", "coldSpark", "deck", "truss", "chair", "wedding"];

describe("filters", () => {
  it("lists every item that is not archived, by name, on one page", async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 8, totalCapped: false, page: 1, pageCount: 1, pageSize: 10 });
    expect(page.rows.map((r) => r.name)).toEqual([
      "Beam Moving Head",
      "Chiavari Chair",
      "Cold Spark Machine",
      "LED Wall P3",
      "Line Array Speaker",
      "Stage Deck",
      "Truss 3m",
      "Wedding Stage Set",
    ]);
  });

  it.each([
    ["status=available", ["beam", "ledWall", "deck", "truss", "wedding"]],
    ["status=booked", ["lineArray", "chair"]],
    ["status=under-repair", ["coldSpark"]],
    ["category=fx", ["coldSpark"]],
    ["category=stage", ["deck"]],
    ["category=photo", []],
    ["source=in-house", ["beam", "ledWall", "deck", "truss", "wedding"]],
    ["source=outsourced", ["lineArray", "coldSpark", "chair"]],
    ["group=SLD", ["lineArray", "ledWall", "chair"]],
    ["group=STV", ["beam", "coldSpark", "deck", "truss", "wedding"]],
    ["source=outsourced&group=SLD", ["lineArray", "chair"]],
    ["status=booked&category=furniture&source=outsourced&group=SLD", ["chair"]],
    ["status=available&source=outsourced", []],
  ] as const)("%s", async (query, expected) => {
    const page = await list(query);
    expect(page.rows.map((r) => nameOf[r.name]).sort()).toEqual([...expected].sort());
    expect(page.total).toBe(expected.length);
  });

  it.each(["status=lost", "category=Lighting", "source=x'%20or%201=1", "group=stv", "show=all", "status="])(
    "ignores a value it does not know: %s",
    async (query) => {
      expect((await list(query)).total).toBe(8);
    },
  );
});

describe("archived items", () => {
  it("are left out by default and every filter", async () => {
    expect(await keys()).not.toContain("projector");
    expect(await keys("category=video")).toEqual([]);
    expect(await keys("q=projector")).toEqual([]);
  });

  it("are the list with show=archived, with the filters and the search", async () => {
    const page = await list("show=archived");
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ name: "Old Projector", archivedAt: new Date("2026-11-01T00:00:00Z") });
    expect(await keys("show=archived&q=PROJ")).toEqual(["projector"]);
    expect(await keys("show=archived&category=lighting")).toEqual([]);
  });
});

describe("search over name, description and tags", () => {
  it.each([
    ["beam", ["beam"]], // name, description and a tag
    ["BEAM", ["beam"]],
    ["bEaM mOvInG", ["beam"]],
    ["chiavari", ["chair"]], // name only
    ["gold", ["chair"]], // description only
    ["sparkular", ["coldSpark"]], // a tag only
    ["SEATING", ["chair"]], // a tag, case-insensitively
    ["platform", ["deck"]],
    ["stage", ["deck", "wedding"]], // a name's middle
    ["russ", ["truss", "wedding"]], // inside a word of a name and of a description
    ["100%", ["lineArray"]], // % is a character, not a wildcard
    ["%", ["lineArray"]],
    ["_", ["ledWall"]], // _ is a character, not a wildcard
    ["r_o", ["ledWall"]],
    ["\\", []],
    ["nothing like this", []],
  ] as const)("%j finds %j", async (q, expected) => {
    const page = await list(`q=${encodeURIComponent(q)}`);
    expect(page.rows.map((r) => nameOf[r.name]).sort()).toEqual([...expected].sort());
    expect(page.total).toBe(expected.length);
  });

  it("combines with the filters", async () => {
    expect(await keys("q=stage&source=in-house&category=decoration")).toEqual(["wedding"]);
    expect(await keys("q=beam&status=booked")).toEqual([]);
  });
});

describe("sorts, both ways", () => {
  const rank = new Map(
    [...CATEGORIES].sort((a, b) => a.name.localeCompare(b.name, "en")).map((c, i) => [c.id as string, i]),
  );
  const bytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const COMPARE: Record<string, (a: Key, b: Key) => number> = {
    // Case set aside: "apple" before "Zebra".
    name: (a, b) => bytes(FIXTURE[a].name.toLowerCase(), FIXTURE[b].name.toLowerCase()),
    category: (a, b) => rank.get(FIXTURE[a].category)! - rank.get(FIXTURE[b].category)!,
    source: (a, b) => bytes(FIXTURE[a].source, FIXTURE[b].source),
    status: (a, b) => bytes(FIXTURE[a].status, FIXTURE[b].status),
    price: (a, b) => Number(FIXTURE[a].price) - Number(FIXTURE[b].price),
  };

  /** The fixture in the expected order: by the column, then by name, then by id, all in the direction asked. */
  function expected(sort: string, dir: "asc" | "desc"): Key[] {
    const sign = dir === "asc" ? 1 : -1;
    return [...LIVE].sort((a, b) => sign * (COMPARE[sort]!(a, b) || COMPARE.name!(a, b) || bytes(ids[a], ids[b])));
  }

  it.each(
    Object.keys(COMPARE).flatMap((sort) => [
      [sort, "asc"],
      [sort, "desc"],
    ]) as Array<[string, "asc" | "desc"]>,
  )("by %s %s", async (sort, dir) => {
    expect(await keys(`sort=${sort}&dir=${dir}`)).toEqual(expected(sort, dir));
  });

  it("sorts Category by the category's name: Special Effects (fx) after Sound Systems, LED Walls before Lighting", async () => {
    const names = (await list("sort=category")).rows.map((r) => CATEGORIES.find((c) => c.id === r.category)!.name);
    expect(names).toEqual([
      "Decoration",
      "Furniture",
      "LED Walls",
      "Lighting",
      "Sound Systems",
      "Special Effects",
      "Stage Setup",
      "Trusses",
    ]);
  });

  it("sorts prices as numbers, not as text", async () => {
    expect((await list("sort=price")).rows.map((r) => r.price)).toEqual([
      "150.00",
      "900.00",
      "1200.00",
      "1500.00",
      "3000.00",
      "5000.00",
      "8000.00",
      "50000.00",
    ]);
  });

  it("falls back to name ascending for an unknown sort or direction", async () => {
    expect(await keys("sort=slug")).toEqual(expected("name", "asc"));
    expect(await keys("sort=price&dir=sideways")).toEqual(expected("price", "asc"));
  });
});

describe("each row", () => {
  it("has what the table shows, its first image and its free units today", async () => {
    const beam = (await list("q=beam")).rows[0];
    expect(beam).toEqual({
      id: ids.beam,
      slug: "beam",
      name: "Beam Moving Head",
      category: "lighting",
      source: "in-house",
      status: "available",
      price: "1500.00",
      priceUnit: "unit/day",
      imageUrl: "/images/beam.webp",
      quantity: 12,
      unitsUnderRepair: 2,
      repairReturnDate: null,
      freeToday: 10,
      isPackage: false,
      archivedAt: null,
    } satisfies InventoryRow);
    expect((await list("q=chiavari")).rows[0]!.imageUrl).toBeNull();
  });

  it("counts today's approved quotations, units under repair and packages in freeToday", async () => {
    const rows = Object.fromEntries((await list()).rows.map((r) => [nameOf[r.name]!, r])) as Record<Key, InventoryRow>;
    const free = Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, r.freeToday]));
    expect(free).toEqual({
      beam: 10, // 12 less 2 in the workshop with no return date
      lineArray: 0, // none owned
      ledWall: 7, // 10 less 3 approved today (the pending quotation's 5 do not count)
      coldSpark: 0, // under repair
      deck: 4, // 10 less 2 in the workshop until the 15th, less 4 through the approved wedding set
      truss: 14, // 20 (the 5 in the workshop are back today) less 6 through the wedding set
      chair: 100, // booked is a label; the sent quotation and tomorrow's approved one do not count today
      wedding: 1, // 3 owned less 1 approved = 2, but the decks left (4) make only one more set
    });
    expect(rows.wedding.isPackage).toBe(true);
    expect(Object.values(rows).filter((r) => r.isPackage)).toHaveLength(1);
  });

  it("counts another day the same way", async () => {
    const free = async (day: string) =>
      Object.fromEntries(
        (await listInventory(getDb(), parseList(INVENTORY_LIST, ""), day)).rows.map((r) => [
          nameOf[r.name],
          r.freeToday,
        ]),
      );
    // The 15th: the decks are back, nothing approved.
    expect(await free("2026-12-15")).toMatchObject({ deck: 10, truss: 20, wedding: 2, ledWall: 10, beam: 10 });
    // The 11th: 40 chairs approved; the decks still in the workshop.
    expect(await free("2026-12-11")).toMatchObject({ chair: 60, deck: 8, wedding: 2 });
  });
});

describe("pages", () => {
  const BULK = 57;
  let bulkIds: string[] = [];

  beforeAll(async () => {
    const rows = await getDb()
      .insert(inventoryItems)
      .values(
        Array.from({ length: BULK }, (_, i) => ({
          slug: `generator-${i + 1}`,
          name: `Generator ${String(i + 1).padStart(2, "0")}`,
          category: "power" as const,
          // Only three prices: paging through a sort with ties must still show every row once.
          price: String(1000 * ((i % 3) + 1)),
          quantity: 1,
        })),
      )
      .returning({ id: inventoryItems.id });
    bulkIds = rows.map((r) => r.id);
  });

  afterAll(async () => {
    await getDb().delete(inventoryItems).where(inArray(inventoryItems.id, bulkIds));
  });

  const names = async (query: string) => (await list(query)).rows.map((r) => r.name);
  const generators = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `Generator ${String(from + i).padStart(2, "0")}`);

  it("shows 10 rows a page and counts every matching row", async () => {
    const page = await list("category=power");
    expect(page).toMatchObject({ total: 57, page: 1, pageCount: 6, pageSize: 10 });
    expect(page.rows.map((r) => r.name)).toEqual(generators(1, 10));
    expect(await names("category=power&page=2")).toEqual(generators(11, 20));
    expect(await names("category=power&page=6")).toEqual(generators(51, 57));
    expect((await list()).total).toBe(8 + 57);
    expect((await list()).pageCount).toBe(7);
  });

  it("shows the last page for a page beyond it, and the first for a page that is not a number", async () => {
    for (const asked of ["7", "99", "9999999"]) {
      const page = await list(`category=power&page=${asked}`);
      expect(page.page).toBe(6);
      expect(page.rows.map((r) => r.name)).toEqual(generators(51, 57));
    }
    for (const asked of ["0", "-2", "two", "1.5", ""])
      expect((await list(`category=power&page=${asked}`)).page).toBe(1);
  });

  it("windows up to 5 page buttons around the current page, on the real counts", async () => {
    const windowOf = async (query: string) => {
      const page = await list(query);
      return pageWindow(page.page, page.pageCount);
    };
    expect(await windowOf("category=power")).toEqual([1, 2, 3, 4, 5]);
    expect(await windowOf("category=power&page=3")).toEqual([1, 2, 3, 4, 5]);
    expect(await windowOf("category=power&page=4")).toEqual([2, 3, 4, 5, 6]);
    expect(await windowOf("category=power&page=6")).toEqual([2, 3, 4, 5, 6]);
    expect(await windowOf("category=power&page=50")).toEqual([2, 3, 4, 5, 6]);
    expect(await windowOf("page=4")).toEqual([2, 3, 4, 5, 6]);
    expect(await windowOf("page=7")).toEqual([3, 4, 5, 6, 7]);
    // Fewer pages than buttons: one button a page; a single page has no bar (pageCount 1).
    expect(await list("category=power&q=generator%204")).toMatchObject({ total: 10, pageCount: 1 }); // 40-49
    expect(await windowOf("category=power&q=generator%204")).toEqual([1]);
    expect(await list("category=power&q=1")).toMatchObject({ total: 15, pageCount: 2 }); // 01, 10-19, 21, 31, 41, 51
    expect(await windowOf("category=power&q=1&page=2")).toEqual([1, 2]);
  });

  it("an empty result is page 1 of 1", async () => {
    expect(await list("q=no%20such%20thing&page=3")).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it.each(["sort=price&dir=asc", "sort=price&dir=desc", "sort=status", "sort=source&dir=desc"])(
    "pages through a sort with ties (%s) showing every row once",
    async (query) => {
      const seen: string[] = [];
      for (let page = 1; page <= 6; page++)
        seen.push(...(await list(`category=power&${query}&page=${page}`)).rows.map((r) => r.id));
      expect(seen).toHaveLength(57);
      expect(new Set(seen)).toEqual(new Set(bulkIds));
    },
  );
});

describe("names sort as people read them", () => {
  const added: string[] = [];
  afterAll(async () => {
    await getDb().delete(inventoryItems).where(inArray(inventoryItems.id, added));
  });

  it("puts apple before Zebra whatever the case, in both directions", async () => {
    const rows = await getDb()
      .insert(inventoryItems)
      .values([
        { slug: "casefold-zebra", name: "Zebra Casefold Barrier", category: "accessories" },
        { slug: "casefold-apple", name: "apple Casefold Crate", category: "accessories" },
        { slug: "casefold-mango", name: "MANGO Casefold Stand", category: "accessories" },
      ])
      .returning({ id: inventoryItems.id });
    added.push(...rows.map((r) => r.id));
    const names = async (query: string) => (await list(`q=casefold&${query}`)).rows.map((r) => r.name);
    expect(await names("")).toEqual(["apple Casefold Crate", "MANGO Casefold Stand", "Zebra Casefold Barrier"]);
    expect(await names("dir=desc")).toEqual(["Zebra Casefold Barrier", "MANGO Casefold Stand", "apple Casefold Crate"]);
    // Within one category, too.
    expect(await names("sort=category")).toEqual([
      "apple Casefold Crate",
      "MANGO Casefold Stand",
      "Zebra Casefold Barrier",
    ]);
  });
});
