// The load of `npm run bench:pages`, shared with `npm run bench:memory`: the public pages a visitor opens and the
// client's hashed entry module, each hit by autocannon at BENCH_CONNECTIONS (50) for BENCH_SECONDS (10 s).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { root } from "./server.mjs";

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const GZIP = process.env.BENCH_GZIP === "1";
export const PAGES = ["/", "/products", "/products?category=lighting", "/products/led-wall-p3", "/events", "/gallery"];

export interface LoadRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The client's entry module (hashed, loaded by every page), as named in the build's manifest. */
export function hashedAsset(): string {
  const dir = path.join(root, "build/client/assets");
  const manifest = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  const entry =
    manifest && /"entry":\{"module":"(\/assets\/[^"]+\.js)"/.exec(readFileSync(path.join(dir, manifest), "utf8"))?.[1];
  if (!entry) throw new Error("no entry module in the client build's manifest");
  return entry;
}

export async function measure(url: string, name: string): Promise<LoadRow> {
  const headers: Record<string, string> = GZIP ? { "accept-encoding": "gzip" } : {};
  // A short warm-up fills the caches and lets the JIT settle.
  await autocannon({ url, connections: 4, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: bad };
}

/** The whole load against the server at `serverUrl`: the asset first (the row the pages are compared with), then each page. */
export async function loadPublicPages(serverUrl: string): Promise<LoadRow[]> {
  const asset = hashedAsset();
  const rows = [await measure(serverUrl + asset, `asset ${asset.replace(/^\/assets\//, "")}`)];
  for (const page of PAGES) rows.push(await measure(serverUrl + page, page));
  return rows;
}
