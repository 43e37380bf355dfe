// `npm run bench:pages`: how fast the production build serves public pages next to a hashed static asset, at
// 50 connections for 10 s each (autocannon, from this process), on PGlite and, with
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test, on PostgreSQL too (a fresh database is made there
// and dropped). Prints requests/s, p50 and p99 latency, each page's ratio to the asset's requests/s, and the
// server's resident memory after the run; exits 1 when a page misses the bar of issue 7 (at least half the
// asset's requests/s, p99 at most twice the asset's or 100 ms) or, on PostgreSQL, memory is over 300 MB.
// BENCH_SECONDS and BENCH_CONNECTIONS change the load; BENCH_GZIP=1 asks for gzip as browsers do.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { createFreshDatabase } from "../tests/support/postgres";
import { residentMemoryMb } from "../tests/support/process-memory";
import { buildOrExit, root, startPreparedServer } from "./lib/server.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GZIP = process.env.BENCH_GZIP === "1";
const PAGES = ["/", "/products", "/products?category=lighting", "/products/led-wall-p3", "/events", "/gallery"];
const MEMORY_LIMIT_MB = 300;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The client's entry module (hashed, loaded by every page), as named in the build's manifest. */
function hashedAsset(): string {
  const dir = path.join(root, "build/client/assets");
  const manifest = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  const entry =
    manifest && /"entry":\{"module":"(\/assets\/[^"]+\.js)"/.exec(readFileSync(path.join(dir, manifest), "utf8"))?.[1];
  if (!entry) throw new Error("no entry module in the client build's manifest");
  return entry;
}

async function measure(url: string, name: string): Promise<Row> {
  const headers: Record<string, string> = GZIP ? { "accept-encoding": "gzip" } : {};
  // A short warm-up fills the caches and lets the JIT settle.
  await autocannon({ url, connections: 4, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: bad };
}

async function runOn(database: "PGlite" | "PostgreSQL", databaseUrl = ""): Promise<boolean> {
  const server = await startPreparedServer({ env: { DATABASE_URL: databaseUrl }, stdio: "ignore" });
  const rows: Row[] = [];
  let memory = 0;
  try {
    const asset = hashedAsset();
    rows.push(await measure(server.url + asset, `asset ${asset.replace(/^\/assets\//, "")}`));
    for (const page of PAGES) rows.push(await measure(server.url + page, page));
    memory = residentMemoryMb(server.child.pid!);
  } finally {
    await server.stop();
  }

  const [assetRow] = rows;
  const p99Bar = Math.max(2 * assetRow!.p99, 100);
  let ok = true;
  console.log(`\n${database}: ${CONNECTIONS} connections, ${SECONDS} s each${GZIP ? ", gzip" : ""}`);
  console.log("| what | requests/s | p50 ms | p99 ms | ratio to asset | bar |");
  console.log("|---|---|---|---|---|---|");
  for (const row of rows) {
    const ratio = row.rps / assetRow!.rps;
    const pass = row === assetRow || (ratio >= 0.5 && row.p99 <= p99Bar && row.errors === 0);
    ok &&= pass;
    console.log(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${ratio.toFixed(2)} | ${
        row === assetRow ? "" : pass ? "ok" : `MISSED${row.errors ? ` (${row.errors} errors)` : ""}`
      } |`,
    );
  }
  const memoryOk = database === "PGlite" || memory <= MEMORY_LIMIT_MB;
  ok &&= memoryOk;
  console.log(`server resident memory after the run: ${memory.toFixed(0)} MB${memoryOk ? "" : " (over 300 MB)"}`);
  return ok;
}

buildOrExit();
let ok = await runOn("PGlite");

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const database = await createFreshDatabase(serverUrl, "bench_pages");
  if (!database) throw new Error(`BENCH_DATABASE_URL: no PostgreSQL answers at ${serverUrl}`);
  try {
    ok = (await runOn("PostgreSQL", database.url)) && ok;
  } finally {
    await database.drop();
  }
}
console.log(ok ? "\nOK: every page meets the bar" : "\nSome page missed the bar");
process.exit(ok ? 0 : 1);
