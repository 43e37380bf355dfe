// `npm run bench:memory`: how much memory the production build holds (issue 39, "A small server"). It starts
// build/server.js on PGlite and then on PostgreSQL (a fresh database of its own on BENCH_DATABASE_URL's server,
// default postgres://postgres@127.0.0.1:5432/postgres, dropped after), applies the load of `npm run bench:pages`
// (scripts/lib/public-pages-load.ts), then leaves it idle for BENCH_IDLE_SECONDS (60). It prints the peak
// resident memory (the kernel's high-water mark, VmHWM, which also catches spikes between samples) and the
// settled one (VmRSS at the end of the idle time), and exits 1 when a peak is over the bar: 350 MiB on PGlite,
// 250 MiB on PostgreSQL. BENCH_SECONDS and BENCH_CONNECTIONS change the load as for bench:pages.
import { readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { createFreshDatabase } from "../tests/support/postgres";
import { CONNECTIONS, loadPublicPages, SECONDS } from "./lib/public-pages-load";
import { buildOrExit, startPreparedServer } from "./lib/server.mjs";

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PEAK_LIMIT_MIB = { PGlite: 350, PostgreSQL: 250 } as const;
type DatabaseKind = keyof typeof PEAK_LIMIT_MIB;

/** A field of /proc/<pid>/status in MiB (VmRSS: resident now; VmHWM: the highest resident so far). */
function statusMib(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

interface MemoryFigures {
  startedMib: number;
  afterLoadMib: number;
  peakMib: number;
  settledMib: number;
  errors: number;
}

async function measureOn(kind: DatabaseKind, databaseUrl = ""): Promise<MemoryFigures> {
  const server = await startPreparedServer({ env: { DATABASE_URL: databaseUrl }, stdio: "ignore" });
  const pid = server.child.pid!;
  try {
    const startedMib = statusMib(pid, "VmRSS");
    const rows = await loadPublicPages(server.url);
    const afterLoadMib = statusMib(pid, "VmRSS");
    process.stdout.write(`${kind}: load done (${afterLoadMib.toFixed(0)} MiB), idle ${IDLE_SECONDS} s`);
    for (let second = 0; second < IDLE_SECONDS; second += 10) {
      await delay(Math.min(10, IDLE_SECONDS - second) * 1000);
      process.stdout.write(` ${statusMib(pid, "VmRSS").toFixed(0)}`);
    }
    process.stdout.write("\n");
    return {
      startedMib,
      afterLoadMib,
      peakMib: statusMib(pid, "VmHWM"),
      settledMib: statusMib(pid, "VmRSS"),
      errors: rows.reduce((sum, row) => sum + row.errors, 0),
    };
  } finally {
    await server.stop();
  }
}

buildOrExit();
const results: [DatabaseKind, MemoryFigures][] = [["PGlite", await measureOn("PGlite")]];
const database = await createFreshDatabase(POSTGRES_SERVER, "bench_memory");
if (database) {
  try {
    results.push(["PostgreSQL", await measureOn("PostgreSQL", database.url)]);
  } finally {
    await database.drop();
  }
} else {
  console.log(`PostgreSQL: not measured, no server answers at ${POSTGRES_SERVER} (BENCH_DATABASE_URL)`);
}

console.log(`\nbench:pages load (${CONNECTIONS} connections, ${SECONDS} s a page), then ${IDLE_SECONDS} s idle; MiB`);
console.log("| database | after start | after load | peak | settled | peak bar |");
console.log("|---|---|---|---|---|---|");
let ok = results.length === 2;
for (const [kind, m] of results) {
  const pass = m.peakMib < PEAK_LIMIT_MIB[kind] && m.errors === 0;
  ok &&= pass;
  console.log(
    `| ${kind} | ${m.startedMib.toFixed(0)} | ${m.afterLoadMib.toFixed(0)} | ${m.peakMib.toFixed(0)} | ${m.settledMib.toFixed(0)} | ${
      PEAK_LIMIT_MIB[kind]
    } ${pass ? "ok" : m.errors ? `MISSED (${m.errors} failed requests)` : "MISSED"} |`,
  );
}
console.log(ok ? "\nOK: under the bar on both databases" : "\nOver the bar, or a database not measured");
process.exit(ok ? 0 : 1);
