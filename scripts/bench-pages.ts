// `npm run bench:pages`: how fast the production build serves public pages next to a hashed static asset, at
// 50 connections for 10 s each (autocannon, from this process), on PGlite and, with
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test, on PostgreSQL too (a fresh database is made there
// and dropped). Prints requests/s, p50 and p99 latency, each page's ratio to the asset's requests/s, and the
// server's resident memory after the run; exits 1 when a page misses the bar of issue 7 (at least half the
// asset's requests/s, p99 at most twice the asset's or 100 ms) or, on PostgreSQL, memory is over 300 MB.
// BENCH_SECONDS and BENCH_CONNECTIONS change the load; BENCH_GZIP=1 asks for gzip as browsers do.
import { createFreshDatabase } from "../tests/support/postgres";
import { residentMemoryMb } from "../tests/support/process-memory";
import { CONNECTIONS, GZIP, loadPublicPages, SECONDS, type LoadRow } from "./lib/public-pages-load";
import { buildOrExit, startPreparedServer } from "./lib/server.mjs";

const MEMORY_LIMIT_MB = 300;

async function runOn(database: "PGlite" | "PostgreSQL", databaseUrl = ""): Promise<boolean> {
  const server = await startPreparedServer({ env: { DATABASE_URL: databaseUrl }, stdio: "ignore" });
  let rows: LoadRow[];
  let memory = 0;
  try {
    rows = await loadPublicPages(server.url);
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
