// `npm run bench:quotation`: 2,000 quotation requests from 50 concurrent clients against the production
// build, sent the way the browser sends them (POST /quotation.data), then a check that the quotations
// stored equal the requests accepted. PGlite by default; PostgreSQL with
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a fresh database is made there and dropped).
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
// The extension migration 0003 creates; a PGlite must load it to open the data directory (PGLITE_EXTENSIONS).
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { seedId } from "../app/db/seed/ids";
import { todayInDhaka } from "../app/lib/dhaka-time";
import { buildOrExit, startPreparedServer } from "./lib/server.mjs";

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const serverUrl = process.env.BENCH_DATABASE_URL;
// Event dates before today are refused, so the bench books a day 60 days after whenever it runs.
const eventDay = new Date(`${todayInDhaka()}T00:00:00Z`);
eventDay.setUTCDate(eventDay.getUTCDate() + 60);
const EVENT_DATE = eventDay.toISOString().slice(0, 10);
const PRODUCTS = [seedId("inventory:led-wall-p3"), seedId("inventory:moving-head-beam")];

buildOrExit();
let databaseUrl = "";
let dbName = "";
if (serverUrl) {
  dbName = `bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}
const server = await startPreparedServer({
  env: { DATABASE_URL: databaseUrl, FORM_RATE_LIMIT: "1000000/60" },
  stdio: "ignore",
});

function body(i: number): URLSearchParams {
  const form = new URLSearchParams({
    intent: "submit",
    name: `Bench Customer ${i}`,
    email: `bench${i}@example.com`,
    phone: "+880 1700-000000",
    event_name: `Bench Event ${i}`,
    event_date: EVENT_DATE,
    event_time: "18:00",
    event_location: "Banani, Dhaka",
    notes: "",
    idempotencyKey: randomUUID(),
  });
  for (const id of PRODUCTS) {
    form.append("productId", id);
    form.append("quantity", "1");
  }
  return form;
}

const latencies: number[] = [];
let accepted = 0;
let refused = 0;
let next = 0;
const started = performance.now();
async function client() {
  while (next < TOTAL) {
    const i = next++;
    const t0 = performance.now();
    const response = await fetch(`${server.url}/quotation.data`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: body(i),
    });
    const text = await response.text();
    latencies.push(performance.now() - t0);
    if (response.ok && text.includes('"sent"')) accepted++;
    else refused++;
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, client));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;

await server.stop({ keepData: true });
let stored: number;
if (databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  stored = Number((await db.query("select count(*) from quotations")).rows[0].count);
  await db.end();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
} else {
  const db = await PGlite.create(path.join(server.dataDir, "pglite"), { extensions: { pg_trgm } });
  stored = Number((await db.query<{ count: number }>("select count(*)::int as count from quotations")).rows[0]!.count);
  await db.close();
}
rmSync(server.dataDir, { recursive: true, force: true });

console.log(`database:    ${databaseUrl ? "PostgreSQL" : "PGlite"}`);
console.log(`requests:    ${TOTAL} from ${CONCURRENCY} concurrent clients in ${seconds.toFixed(1)} s`);
console.log(`throughput:  ${(TOTAL / seconds).toFixed(0)} requests/s`);
console.log(`latency:     p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`);
console.log(`accepted:    ${accepted}, refused: ${refused}`);
console.log(`stored:      ${stored}`);
const ok = stored === accepted && refused === 0;
console.log(ok ? "OK: the quotations stored equal the requests accepted" : "MISMATCH or refusals");
process.exit(ok ? 0 : 1);
