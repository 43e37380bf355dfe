// `npm run bench:inventory`: the back office's inventory list at 100,000 items (issue 9). Seeds a database of its
// own (a temporary PGlite data directory, or with BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
// or --postgres a fresh `bench_inventory_<pid>` database on that server, dropped after) with realistic items in
// the 14 categories, some archived, some under repair, some packages, and quotations approved for today; then
// times listInventory server-side (the rows and the count, as the page asks) for no filter, each filter, each
// sort both ways, a common and a rare search, and the last page: the median of 20 runs each after 2 warm-ups.
// Exits 1 when a median is over the bar: 100 ms on PostgreSQL, 250 ms on PGlite.
//
//   --explain        EXPLAIN ANALYZE the queries of every case over the bar (or of all cases with --explain=all)
//   --sql=<file>     run this SQL on the seeded database before timing (to try an index)
//   --keep           keep the database (or PGlite data directory) afterwards, for a closer look
//   --reuse=<name>   time a database (or PGlite data directory) a --keep run left, without seeding it again
//   --try-search-column  time the searches again over a stored, indexed search_text column (see trySearchColumn)
//   --no-vacuum      only ANALYZE after seeding (no VACUUM: no visibility map, so no index-only scans)
//   BENCH_ITEMS=...  how many items (default 100000); BENCH_RUNS=... timed runs per case (default 20)
import { readFileSync } from "node:fs";
import type { Database } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { inventoryItems, inventoryPackageParts, quotationLines, quotations } from "../app/db/schema";
import {
  AVAILABILITY_STATUSES,
  CATEGORIES,
  type AvailabilityStatus,
  type CategoryId,
} from "../app/domain/catalogue/constants";
import { INVENTORY_LIST } from "../app/domain/inventory/inventory-list";
import { listInventory } from "../app/domain/inventory/inventory-list.server";
import { todayInDhaka } from "../app/lib/dhaka-time";
import { parseList } from "../app/lib/list-params";
import { benchDatabase } from "./lib/bench-database";

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUPS = 2;
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? (flag("postgres") ? "postgres://postgres@127.0.0.1:5432/postgres" : undefined);
const BAR_MS = serverUrl ? 100 : 250;
const explain = flag("explain");
const keep = flag("keep");
/** A database (PostgreSQL) or data directory (PGlite) a --keep run left, to time again without seeding. */
const reuse = flag("reuse")?.split("=")[1];
const vacuum = !flag("no-vacuum");
const extraSql = flag("sql")?.split("=")[1];
const TODAY = todayInDhaka();

// ------------------------------------------------------------------------------------------- the database

const bench = benchDatabase({ prefix: "bench_inventory", serverUrl, keep: !!keep, reuse, poolSize: 4 });
let database: Database | undefined;
const raw = bench.raw;

// ------------------------------------------------------------------------------------------- the items

/** A small deterministic generator, so every run seeds the same items. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    chance: (p: number) => next() < p,
  };
}

const VOCABULARY: Record<CategoryId, { kinds: string[]; brands: string[]; tags: string[]; unit: string }> = {
  lighting: {
    kinds: [
      "Moving Head Beam",
      "LED Par Can",
      "Wash Light",
      "Profile Spot",
      "Follow Spot",
      "Strobe",
      "Pixel Bar",
      "Uplight",
      "Blinder",
    ],
    brands: ["Robe", "Clay Paky", "Chauvet", "Martin", "Elation", "ADJ", "Ayrton"],
    tags: ["dmx", "rgbw", "beam", "wash", "stage lighting", "uplighting", "concert"],
    unit: "unit/day",
  },
  sound: {
    kinds: [
      "Line Array Speaker",
      "Subwoofer",
      "Stage Monitor",
      "Digital Mixer",
      "Wireless Microphone",
      "Power Amplifier",
      "PA System",
    ],
    brands: ["JBL", "L-Acoustics", "d&b", "Yamaha", "Shure", "Sennheiser", "Allen & Heath"],
    tags: ["audio", "pa", "wireless", "mixer", "speech", "live music"],
    unit: "unit/day",
  },
  video: {
    kinds: [
      "Laser Projector",
      "Projection Screen",
      "Broadcast Camera",
      "Video Switcher",
      "Confidence Monitor",
      "Media Server",
    ],
    brands: ["Panasonic", "Epson", "Blackmagic", "Sony", "Barco", "Roland"],
    tags: ["projection", "live stream", "camera", "hdmi", "switching"],
    unit: "unit/day",
  },
  led: {
    kinds: [
      "LED Wall P3",
      "LED Wall P2.6",
      "Outdoor LED Wall P4.8",
      "LED Floor",
      "Curved LED Wall",
      "LED Video Processor",
    ],
    brands: ["Absen", "ROE", "Unilumin", "Leyard", "Novastar"],
    tags: ["led screen", "video wall", "outdoor", "indoor", "backdrop"],
    unit: "sqm/day",
  },
  photo: {
    kinds: ["Photo Booth", "360 Video Booth", "Mirror Booth", "Green Screen Kit", "Instant Printer"],
    brands: ["Snappic", "Orcabooth", "Canon", "Fujifilm", "DNP"],
    tags: ["photo booth", "wedding", "guests", "prints", "360"],
    unit: "event",
  },
  stage: {
    kinds: [
      "Stage Deck",
      "Riser",
      "Stage Ramp",
      "Stage Skirting",
      "Catwalk Section",
      "Stage Stairs",
      "Wedding Stage Set",
    ],
    brands: ["Prolyte", "Litedeck", "Global Truss", "Local"],
    tags: ["stage", "platform", "wedding", "riser", "catwalk"],
    unit: "sqm/day",
  },
  furniture: {
    kinds: [
      "Chiavari Chair",
      "Lounge Sofa",
      "Cocktail Table",
      "Round Banquet Table",
      "Bar Stool",
      "VIP Armchair",
      "Ottoman",
    ],
    brands: ["Royal", "Heritage", "Modern Line", "Dhaka Craft"],
    tags: ["seating", "wedding", "vip", "reception", "lounge"],
    unit: "unit/day",
  },
  decoration: {
    kinds: ["Floral Arch", "Backdrop Frame", "Drapery Panel", "Centrepiece", "Fairy Light Curtain", "Neon Sign"],
    brands: ["Bloom", "Nakshi", "Rangdhanu", "Shapla"],
    tags: ["flowers", "wedding", "backdrop", "drapery", "holud"],
    unit: "unit/day",
  },
  truss: {
    kinds: ["Box Truss 3m", "Box Truss 2m", "Truss Corner", "Ground Support Tower", "Truss Base Plate", "Chain Hoist"],
    brands: ["Global Truss", "Prolyte", "Eurotruss", "CM Lodestar"],
    tags: ["rigging", "aluminium", "truss", "structure", "ground support"],
    unit: "meter/day",
  },
  climate: {
    kinds: ["Air Cooler", "Tent Air Conditioner", "Industrial Fan", "Mist Fan", "Patio Heater"],
    brands: ["Walton", "Gree", "Symphony", "Daikin"],
    tags: ["cooling", "tent", "outdoor", "summer", "ac"],
    unit: "unit/day",
  },
  power: {
    kinds: ["Silent Generator 100 kVA", "Silent Generator 250 kVA", "Power Distribution Box", "UPS", "Cable Ramp"],
    brands: ["Cummins", "Perkins", "Denyo", "Aggreko"],
    tags: ["power", "generator", "backup", "distribution"],
    unit: "unit/day",
  },
  accessories: {
    kinds: ["XLR Cable 10m", "Truss Clamp", "Speaker Stand", "Safety Cable", "DMX Splitter", "Extension Reel"],
    brands: ["Neutrik", "Doughty", "K&M", "Generic"],
    tags: ["cable", "clamp", "stand", "spare parts"],
    unit: "unit/day",
  },
  branding: {
    kinds: ["Step and Repeat Wall", "Roll-up Banner", "Branded Podium", "Flag Banner", "Stage Fascia"],
    brands: ["PrintPro", "Dhaka Signs", "BrandBox"],
    tags: ["branding", "logo", "corporate", "print", "banner"],
    unit: "unit/day",
  },
  fx: {
    kinds: ["Cold Spark Machine", "Haze Machine", "Fog Machine", "Confetti Cannon", "CO2 Jet", "Bubble Machine"],
    brands: ["Sparkular", "Antari", "MDG", "Magic FX"],
    tags: ["effects", "sparks", "haze", "confetti", "wow moment"],
    unit: "unit/day",
  },
};

const OPENINGS = [
  "Ideal for weddings, corporate launches and concerts across Dhaka.",
  "Maintained by our own technicians and tested before every event.",
  "Delivered, installed and operated by our crew.",
  "A favourite for holud and reception nights.",
  "Rugged road cases keep it safe in transport.",
  "Works indoors and outdoor under a covered stage.",
  "Pairs well with the rest of our rental range.",
];
const DETAILS = [
  "Comes with power and signal cables.",
  "Rated for continuous use through long shows.",
  "Quiet operation suits speeches and ceremonies.",
  "Lightweight and quick to set up.",
  "Compatible with standard DMX and audio control.",
  "Available with an operator on request.",
  "Spare units kept in our Tejgaon warehouse.",
];
/** Words that occur in very few items: the rare search. */
const RARE = "vintage brass heirloom";

function seedItem(r: ReturnType<typeof random>, n: number) {
  const category = r.pick(CATEGORIES).id;
  const v = VOCABULARY[category];
  const kind = r.pick(v.kinds);
  const brand = r.pick(v.brands);
  const model = `${String.fromCharCode(65 + r.int(0, 25))}${r.int(1, 99) * 10}`;
  const rare = n % 20_000 === 7;
  const name = `${brand} ${kind} ${model}${rare ? " Vintage Brass" : ""}`;
  const description = [r.pick(OPENINGS), r.pick(DETAILS), r.chance(0.5) ? r.pick(OPENINGS) : "", rare ? RARE : ""]
    .filter(Boolean)
    .join(" ");
  const tags = [...new Set(Array.from({ length: r.int(1, 4) }, () => r.pick(v.tags)))];
  const quantity = r.int(1, 60);
  const statusRoll = r.next();
  const status: AvailabilityStatus = statusRoll < 0.8 ? "available" : statusRoll < 0.93 ? "booked" : "under-repair";
  const underRepair = status !== "under-repair" && r.chance(0.05) ? r.int(1, Math.max(1, quantity - 1)) : 0;
  const outsourced = r.chance(0.25);
  const price = (Math.round(Math.exp(r.next() * 10 + 4)) * (r.chance(0.2) ? 1.5 : 1)).toFixed(2);
  return {
    slug: `${category}-${kind.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${model.toLowerCase()}-${n}`,
    name,
    description,
    category,
    tags,
    source: outsourced ? ("outsourced" as const) : ("in-house" as const),
    inventoryGroup: r.chance(0.5) ? ("STV" as const) : ("SLD" as const),
    imageUrls: r.chance(0.9) ? [`/media/inventory/${category}-${n % 500}.webp`] : [],
    price,
    priceUnit: v.unit,
    quantity,
    status,
    unitsUnderRepair: status === "under-repair" ? 0 : Math.min(underRepair, quantity),
    repairReturnDate: underRepair > 0 && r.chance(0.7) ? "2030-01-15" : null,
    variations: r.chance(0.1)
      ? [
          { id: crypto.randomUUID(), name: "Black", description: "", status: "available" as const },
          { id: crypto.randomUUID(), name: "White", description: "", status: r.pick(AVAILABILITY_STATUSES) },
        ]
      : [],
    supplierInfo: outsourced ? { name: `${brand} Rentals BD`, phone: "+880 1700-000000" } : null,
    purchaseRate: outsourced ? (Number(price) * 0.6).toFixed(2) : null,
    archivedAt: r.chance(0.04) ? new Date("2026-01-01T00:00:00Z") : null,
    sortOrder: n,
  };
}

async function seed(): Promise<void> {
  const db = database!.db;
  const r = random(9);
  const ids: string[] = [];
  const started = performance.now();
  for (let n = 0; n < ITEMS; n += 1000) {
    const batch = Array.from({ length: Math.min(1000, ITEMS - n) }, (_, i) => seedItem(r, n + i));
    const rows = await db.insert(inventoryItems).values(batch).returning({ id: inventoryItems.id });
    ids.push(...rows.map((row) => row.id));
    if ((n / 1000) % 20 === 19) process.stdout.write(`  ${(n + 1000).toLocaleString("en-US")} items\n`);
  }
  // 500 packages of 2 to 4 parts each (parts from the other end of the table, never packages themselves).
  const parts: (typeof inventoryPackageParts.$inferInsert)[] = [];
  for (let p = 0; p < Math.min(500, ITEMS / 10); p++) {
    const count = r.int(2, 4);
    for (let k = 0; k < count; k++)
      parts.push({
        packageItemId: ids[p]!,
        partItemId: ids[ids.length - 1 - p * 4 - k]!,
        quantity: r.int(1, 8),
        position: k,
      });
  }
  for (let i = 0; i < parts.length; i += 1000) await db.insert(inventoryPackageParts).values(parts.slice(i, i + 1000));
  // 5,000 quotations over a year, 300 of them approved for today, 1 to 5 lines each.
  for (let q = 0; q < 5000; q += 500) {
    const batch = Array.from({ length: 500 }, (_, i) => {
      const k = q + i;
      const today = k < 300;
      const day = new Date(`${TODAY}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + (today ? 0 : r.int(-180, 180)));
      return {
        customerName: `Customer ${k}`,
        email: `customer${k}@example.com`,
        phone: "+880 1700-000000",
        eventName: `Event ${k}`,
        eventDate: day.toISOString().slice(0, 10),
        eventTime: "18:00",
        eventLocation: "Dhaka",
        status: today
          ? ("approved" as const)
          : r.pick(["pending", "sent", "approved", "rejected", "negotiating"] as const),
      };
    });
    const qs = await db.insert(quotations).values(batch).returning({ id: quotations.id });
    const lines = qs.flatMap(({ id }) =>
      Array.from({ length: r.int(1, 5) }, (_, lineNo) => ({
        quotationId: id,
        inventoryItemId: ids[r.int(0, ids.length - 1)]!,
        name: "line",
        quantity: r.int(1, 4),
        unitPrice: "1000",
        total: "1000",
        lineNo,
      })),
    );
    await db.insert(quotationLines).values(lines);
  }
  console.log(
    `seeded ${ITEMS.toLocaleString("en-US")} items in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

// ------------------------------------------------------------------------------------------- the cases

const CASES: [label: string, query: string][] = [
  ["no filter (name asc)", ""],
  ["status = booked", "?status=booked"],
  ["status = under-repair", "?status=under-repair"],
  ["category = lighting", "?category=lighting"],
  ["source = outsourced", "?source=outsourced"],
  ["group = SLD", "?group=SLD"],
  ["archived", "?show=archived"],
  ["all four filters", "?status=available&category=sound&source=in-house&group=STV"],
  ...(["name", "category", "source", "status", "price"] as const).flatMap((sort) =>
    (["asc", "desc"] as const).map((dir): [string, string] => [`sort ${sort} ${dir}`, `?sort=${sort}&dir=${dir}`]),
  ),
  ['search common ("wedding")', "?q=wedding"],
  ['search common ("outdoor")', "?q=outdoor"],
  ['search rare ("heirloom")', "?q=heirloom"],
  ['search none ("zzqx")', "?q=zzqx"],
  ["search + category", "?q=wedding&category=furniture"],
  ["page 2", "?page=2"],
  ["last page (name asc)", "?page=last"],
  ["last page (price desc)", "?sort=price&dir=desc&page=last"],
  ["a page beyond the last", "?page=1000000"],
];

/** The list state of a case's query; page=last is the last page's number, found first. */
async function stateOf(query: string) {
  const state = parseList(INVENTORY_LIST, query.replace("page=last", "page=1"));
  if (!query.includes("page=last")) return state;
  const { pageCount } = await listInventory(database!.db, state, TODAY);
  return { ...state, page: pageCount };
}

async function time(query: string): Promise<{ median: number; p90: number; max: number; total: number; page: number }> {
  const state = await stateOf(query);
  let result = await listInventory(database!.db, state, TODAY);
  for (let i = 1; i < WARMUPS; i++) await listInventory(database!.db, state, TODAY);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    result = await listInventory(database!.db, state, TODAY);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  const median = times.length % 2 ? at(0.5) : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
  return { median, p90: at(0.9), max: times[times.length - 1]!, total: result.total, page: result.page };
}

async function explainCase(label: string, query: string): Promise<void> {
  const state = await stateOf(query);
  const queries = await bench.capture(() => listInventory(database!.db, state, TODAY));
  for (const q of queries) {
    const plan = await raw<Record<string, string>>(`explain (analyze, buffers) ${q.text}`, q.params);
    console.log(`\n--- ${label}: ${q.text.slice(0, 160).replace(/\s+/g, " ")}...`);
    console.log(plan.map((row) => Object.values(row)[0]).join("\n"));
  }
}

// ------------------------------------------------------------------------------------------- run

/**
 * --try-search-column: the search cases again, their SQL as listInventory sends it but with the search over a
 * stored generated column (search_text, the lower-cased text inventory_search_text makes, with its own trigram
 * index) and LIKE on lower(pattern): the change proposed for the search (it needs a migration).
 */
async function trySearchColumn(): Promise<void> {
  await raw(`alter table inventory_items add column if not exists search_text text
             generated always as (inventory_search_text(name, description, tags)) stored`);
  await raw(`create index if not exists bench_search_text_idx on inventory_items using gin (search_text gin_trgm_ops)`);
  await raw(vacuum ? "vacuum analyze inventory_items" : "analyze inventory_items");
  console.log(`\nsearch over a stored search_text column, median of ${RUNS} runs (bar ${BAR_MS} ms):\n`);
  for (const [label, query] of CASES.filter(([, q]) => q.includes("q="))) {
    const state = await stateOf(query);
    const sent = await bench.capture(() => listInventory(database!.db, state, TODAY));
    const queries = sent.map((q) => ({
      text: q.text.replace(/inventory_search_text\([^)]*\) ilike (\$\d+)/g, "search_text like lower($1)"),
      params: q.params,
    }));
    // As pageOf: the count and the page's rows at once.
    const once = () => Promise.all(queries.map((q) => raw(q.text, q.params)));
    for (let i = 0; i < WARMUPS; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await once();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = (times[Math.floor((RUNS - 1) / 2)]! + times[Math.ceil((RUNS - 1) / 2)]!) / 2;
    console.log(
      `${label.padEnd(32)} ${`${median.toFixed(1)} ms`.padStart(9)}${median > BAR_MS ? "  OVER THE BAR" : ""}`,
    );
  }
}

let failed = false;
try {
  database = await bench.open();
  console.log(`database: ${bench.describe()}`);
  if (!reuse) {
    await runMigrations(database);
    await seed();
  }
  if (extraSql) {
    console.log(`running ${extraSql}`);
    for (const statement of readFileSync(extraSql, "utf8")
      .split(/;\s*$/m)
      .filter((s) => s.trim()))
      await raw(statement);
  }
  // What autovacuum does on PostgreSQL after a bulk load (PGlite has none: see the README).
  await raw(vacuum ? "vacuum analyze" : "analyze");
  bench.captureQueries();

  console.log(`\nlistInventory, median of ${RUNS} runs (bar ${BAR_MS} ms):\n`);
  console.log(
    `${"case".padEnd(32)} ${"median".padStart(9)} ${"p90".padStart(9)} ${"max".padStart(9)} ${"matches".padStart(9)}  page`,
  );
  const slow: [string, string][] = [];
  for (const [label, query] of CASES) {
    const r = await time(query);
    const over = r.median > BAR_MS;
    if (over) slow.push([label, query]);
    console.log(
      `${label.padEnd(32)} ${`${r.median.toFixed(1)} ms`.padStart(9)} ${`${r.p90.toFixed(1)} ms`.padStart(9)} ${`${r.max.toFixed(1)} ms`.padStart(9)} ${r.total.toLocaleString("en-US").padStart(9)}  ${r.page}${over ? "  OVER THE BAR" : ""}`,
    );
  }
  failed = slow.length > 0;
  console.log(failed ? `\n${slow.length} case(s) over ${BAR_MS} ms` : `\nOK: every median under ${BAR_MS} ms`);
  if (explain) for (const [label, query] of explain === "--explain=all" ? CASES : slow) await explainCase(label, query);
  if (flag("try-search-column")) await trySearchColumn();
} finally {
  await bench.cleanUp();
}
process.exit(failed ? 1 : 0);
