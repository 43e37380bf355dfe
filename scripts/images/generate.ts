/**
 * Seed image generator for the Utsab Event Technologies website.
 *
 * Every picture is an original vector illustration drawn in code as SVG
 * (see ./scenes) and rendered with sharp into optimised WebP files under
 * public/images. The output is deterministic: re-running produces the same files.
 *
 *   npx tsx scripts/images/generate.ts            # everything
 *   npx tsx scripts/images/generate.ts led-wall   # only outputs whose path contains "led-wall"
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { productJobs } from "./scenes/products";
import { eventJobs, galleryJobs, heroJobs } from "./scenes/venues";
import { brandJobs } from "./scenes/brand";
import type { Job } from "./scenes/types";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PUBLIC = path.join(ROOT, "public");
/**
 * Encoding attempts in order: prefer high quality with sharp chroma (smartSubsample), then drop the
 * chroma refinement, then quality, until the file fits its budget.
 */
const ATTEMPTS: Array<{ q: number; smart: boolean }> = [
  ...[78, 76, 74, 72].map((q) => ({ q, smart: true })),
  ...[76, 74, 72, 70, 68, 65, 62].map((q) => ({ q, smart: false })),
];

interface Row {
  file: string;
  w: number;
  h: number;
  bytes: number;
  q: string;
  budget: number;
}

async function encodeWebp(img: sharp.Sharp, budget: number): Promise<{ buf: Buffer; q: string }> {
  let last: { buf: Buffer; q: string } | undefined;
  for (const { q, smart } of ATTEMPTS) {
    const buf = await img.clone().webp({ quality: q, effort: 6, smartSubsample: smart }).toBuffer();
    last = { buf, q: smart ? String(q) : `${q}*` };
    if (buf.length <= budget) break;
  }
  if (!last) throw new Error("no encoding attempts configured");
  return last;
}

async function write(rel: string, buf: Buffer): Promise<void> {
  const abs = path.join(PUBLIC, rel);
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, buf);
}

async function runJob(job: Job, rows: Row[]): Promise<void> {
  const svg = job.svg();
  let master = await sharp(Buffer.from(svg), { density: 72 }).png().toBuffer();
  if (job.post) master = await job.post(master);
  const meta = await sharp(master).metadata();
  const baseW = meta.width!;
  const baseH = meta.height!;
  for (const out of job.outputs) {
    const w = out.width ?? baseW;
    const h = Math.round((baseH * w) / baseW);
    let img = sharp(master);
    if (w !== baseW) img = img.resize(w, h, { kernel: "lanczos3" });
    if (out.format === "png") {
      const buf = await img.png({ compressionLevel: 9, palette: out.palette ?? false }).toBuffer();
      await write(out.file, buf);
      rows.push({ file: out.file, w, h, bytes: buf.length, q: "png", budget: out.budget });
    } else if (out.nearLossless) {
      const buf = await img.webp({ nearLossless: true, quality: 60, alphaQuality: 100, effort: 6 }).toBuffer();
      await write(out.file, buf);
      rows.push({ file: out.file, w, h, bytes: buf.length, q: "near", budget: out.budget });
    } else {
      const { buf, q } = await encodeWebp(img, out.budget);
      await write(out.file, buf);
      rows.push({ file: out.file, w, h, bytes: buf.length, q, budget: out.budget });
    }
  }
}

async function main(): Promise<void> {
  const filter = process.argv[2];
  const jobs: Job[] = [...brandJobs(), ...heroJobs(), ...productJobs(), ...eventJobs(), ...galleryJobs()].filter(
    (j) => !filter || j.outputs.some((o) => o.file.includes(filter)),
  );
  const rows: Row[] = [];
  // Render a few jobs at a time to keep memory modest but the run quick.
  const queue = [...jobs];
  const workers = Array.from({ length: 4 }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runJob(job, rows);
  });
  await Promise.all(workers);
  rows.sort((a, b) => a.file.localeCompare(b.file));
  const pad = Math.max(...rows.map((r) => r.file.length));
  let total = 0;
  let over = 0;
  console.log(`${"file".padEnd(pad)}  ${"size".padStart(9)}  ${"px".padStart(9)}  q`);
  for (const r of rows) {
    total += r.bytes;
    const flag = r.bytes > r.budget ? "  OVER BUDGET" : "";
    if (flag) over++;
    console.log(
      `${r.file.padEnd(pad)}  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${`${r.w}x${r.h}`.padStart(9)}  ${r.q}${flag}`,
    );
  }
  // sanity: every file exists on disk
  for (const r of rows) await stat(path.join(PUBLIC, r.file));
  console.log("\nq = WebP quality (* = without smart chroma subsampling), near = near-lossless, png = PNG");
  console.log(`${rows.length} files, total ${(total / 1024).toFixed(1)} KB${over ? `, ${over} over budget` : ""}`);
  if (over) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
