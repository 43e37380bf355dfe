// `npm run bench:abuse`: the public edge under abuse (issue 7), against the production build on PGlite, or on
// PostgreSQL with BENCH_DATABASE_URL (a fresh database is made there and dropped):
// - 100 MB POSTs to each public form and API route (with Content-Length, and chunked): how long until the 413
//   and how much the server's resident memory grew (bar: within 100 ms, at most 10 MB);
// - 100,000 requests for random unknown product and event slugs (and malformed ones): the memory before and
//   after (bar: within 20 MB). Memory is the server's VmRSS, read from /proc.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";
import autocannon from "autocannon";
import pg from "pg";
import { buildOrExit, startPreparedServer } from "./lib/server.mjs";

const SLUG_REQUESTS = Number(process.env.BENCH_SLUG_REQUESTS ?? 100_000);
const HUGE = 100 * 1024 * 1024;

function residentMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

/** Sends a 100 MB POST and resolves with the milliseconds until the status line came back, and the status. */
function hugePost(url: string, pathname: string, chunked: boolean): Promise<{ ms: number; status: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let started = 0;
    let sent = 0;
    let reply = "";
    const chunk = Buffer.alloc(64 * 1024, "a");
    socket.on("connect", () => {
      started = performance.now();
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${url}\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\n" +
          (chunked ? "Transfer-Encoding: chunked\r\n\r\n" : `Content-Length: ${HUGE}\r\n\r\n`),
      );
      const pump = () => {
        while (sent < HUGE && !socket.destroyed) {
          sent += chunk.length;
          const piece = chunked
            ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
            : chunk;
          if (!socket.write(piece)) return void socket.once("drain", pump);
        }
      };
      pump();
    });
    socket.on("data", (data) => {
      reply += data.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(reply);
      if (status) {
        resolve({ ms: performance.now() - started, status: Number(status[1]) });
        socket.destroy();
      }
    });
    socket.on("error", (error) => {
      if (!reply) reject(error);
    });
  });
}

async function run(database: string, databaseUrl = ""): Promise<boolean> {
  const server = await startPreparedServer({ env: { DATABASE_URL: databaseUrl }, stdio: "ignore" });
  const pid = server.child.pid!;
  let ok = true;
  try {
    // Warm: every page once, so the baseline holds the caches and compiled code a running server has.
    for (const page of ["/", "/products", "/products/led-wall-p3", "/events", "/gallery", "/contact"]) {
      await (await fetch(server.url + page)).text();
    }
    console.log(`\n${database}`);
    const beforePosts = residentMb(pid);
    let slowest = 0;
    for (const pathname of ["/contact", "/quotation", "/quotation.data", "/api/email/quotation"]) {
      for (const chunked of [false, true]) {
        const { ms, status } = await hugePost(server.url, pathname, chunked);
        slowest = Math.max(slowest, ms);
        if (status !== 413) ok = false;
        console.log(`  100 MB POST ${pathname}${chunked ? " (chunked)" : ""}: ${status} after ${ms.toFixed(1)} ms`);
      }
    }
    const afterPosts = residentMb(pid);
    const postGrowth = afterPosts - beforePosts;
    const postsOk = slowest <= 100 && postGrowth <= 10;
    ok &&= postsOk;
    console.log(
      `  memory ${beforePosts.toFixed(0)} MB -> ${afterPosts.toFixed(0)} MB (${postGrowth >= 0 ? "+" : ""}${postGrowth.toFixed(1)} MB); slowest 413 ${slowest.toFixed(1)} ms: ${postsOk ? "ok" : "MISSED"}`,
    );

    const beforeSlugs = residentMb(pid);
    const kinds = ["/products/", "/events/", "/products/", "/events/"];
    let n = 0;
    const result = await autocannon({
      url: server.url,
      connections: 20,
      amount: SLUG_REQUESTS,
      requests: [
        {
          setupRequest: (request) => {
            n++;
            const random = randomBytes(8).toString("hex");
            // Mostly well-formed unknown slugs (a lookup each), some malformed (no lookup at all).
            const slug = n % 5 === 0 ? `..%2F${random}%20X` : `no-such-${random}`;
            return { ...request, path: `${kinds[n % kinds.length]}${slug}` };
          },
        },
      ],
    });
    const afterSlugs = residentMb(pid);
    const slugGrowth = afterSlugs - beforeSlugs;
    const slugsOk = slugGrowth <= 20 && result.errors === 0;
    ok &&= slugsOk;
    console.log(
      `  ${result.requests.total} random unknown slugs (${result.non2xx} answered 404, ${result.requests.average.toFixed(0)} req/s): memory ${beforeSlugs.toFixed(0)} MB -> ${afterSlugs.toFixed(0)} MB (${slugGrowth >= 0 ? "+" : ""}${slugGrowth.toFixed(1)} MB): ${slugsOk ? "ok" : "MISSED"}`,
    );
  } finally {
    await server.stop();
  }
  return ok;
}

buildOrExit();
let ok = await run("PGlite");
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const name = `bench_abuse_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    ok = (await run("PostgreSQL", url.toString())) && ok;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
console.log(ok ? "\nOK: within every bar" : "\nSome bar was missed");
process.exit(ok ? 0 : 1);
