import { routeArgs } from "../../tests/support/signed-in-request";
import type { Captured } from "./bench-database";
import { summarize, type Timing } from "./bench-stats";

// Timing a screen's real loaders, for the screen benchmarks (bench:backoffice, bench:ledger): a case is a URL with
// the loaders React Router runs for it (the layout's and the page's, in parallel) and the signed-in cookie it is
// asked with; each is run after warm-ups and timed, printed as a markdown table row, and over the bar EXPLAINed.

export type Loader = (args: never) => unknown;

export interface LoaderCase {
  screen: string;
  label: string;
  /** The path and query asked for; page=last is resolved to the list's last page first. */
  url: string;
  loaders: Loader[];
  /** The session cookie of who asks. */
  cookie: string;
  params?: Record<string, string>;
}

export interface LoaderBench {
  runs: number;
  warmups: number;
  /** The SQL sent while `run` ran (bench-database's capture). */
  capture(run: () => Promise<unknown>): Promise<Captured[]>;
  raw<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/** One request's loaders, in parallel, each with the request. Returns the page's data. */
export async function runCase(c: LoaderCase): Promise<unknown> {
  const results = await Promise.all(
    c.loaders.map((loader) => loader(routeArgs(c.url, { as: { cookie: c.cookie }, params: c.params }) as never)),
  );
  const answer = results.at(-1);
  if (answer instanceof Response) throw new Error(`${c.url} answered ${answer.status}`);
  return answer;
}

/** The list page of a loader's answer, wherever it holds it ({ page }, { lines: { total, pageCount } }...). */
function listPageOf(answer: unknown): { total?: number; totalCapped?: boolean; pageCount?: number } | undefined {
  if (!answer || typeof answer !== "object") return undefined;
  if (typeof (answer as { total?: unknown }).total === "number" && "pageCount" in answer) return answer as never;
  const page = (answer as { page?: unknown }).page;
  if (page && typeof page === "object" && ("total" in page || "pageCount" in page)) return page as never;
  for (const value of Object.values(answer)) {
    const found = value && typeof value === "object" && !Array.isArray(value) ? listPageOf(value) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** What a list page says it matched (its total), or how many options a search offered. */
export function matchesOf(answer: unknown): string {
  const options = (answer as { options?: unknown[] } | null)?.options;
  if (Array.isArray(options)) return String(options.length);
  const page = listPageOf(answer);
  if (typeof page?.total !== "number") return "";
  return `${page.total.toLocaleString("en-US")}${page.totalCapped ? "+" : ""}`;
}

/** The case with page=last made the last page's number, as the list's own pagination links to it. */
export async function resolved(c: LoaderCase): Promise<LoaderCase> {
  if (!c.url.includes("page=last")) return c;
  const page = listPageOf(await runCase({ ...c, url: c.url.replace("page=last", "page=1") }));
  if (typeof page?.pageCount !== "number") throw new Error(`${c.url}: no page count`);
  return { ...c, url: c.url.replace("page=last", `page=${page.pageCount}`) };
}

export async function timeCase(bench: LoaderBench, c: LoaderCase): Promise<Timing & { matches: string }> {
  let answer: unknown;
  for (let i = 0; i < bench.warmups; i++) answer = await runCase(c);
  const times: number[] = [];
  for (let i = 0; i < bench.runs; i++) {
    const t0 = performance.now();
    answer = await runCase(c);
    times.push(performance.now() - t0);
  }
  return { ...summarize(times), matches: matchesOf(answer) };
}

export async function explainCase(bench: LoaderBench, c: LoaderCase): Promise<void> {
  const queries = await bench.capture(() => runCase(c));
  for (const q of queries) {
    if (!/^\s*(select|with)/i.test(q.text)) continue;
    const t0 = performance.now();
    const plan = await bench.raw<Record<string, string>>(`explain (analyze, buffers) ${q.text}`, q.params);
    console.log(
      `\n--- ${c.screen}, ${c.label} (${(performance.now() - t0).toFixed(0)} ms): ${q.text.slice(0, 200).replace(/\s+/g, " ")}`,
    );
    console.log(plan.map((row) => Object.values(row)[0]).join("\n"));
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * Times every case and prints the table (Screen, Case, Median, p95, Matches), a median over `barMs` in bold; then
 * EXPLAINs the slow ones (or all, with explain "all"). Answers the slow cases.
 */
export async function timeCases(
  bench: LoaderBench,
  cases: readonly LoaderCase[],
  options: { barMs: number; explain?: "slow" | "all" },
): Promise<LoaderCase[]> {
  console.log("| Screen | Case | Median | p95 | Matches |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  const slow: LoaderCase[] = [];
  const asked: LoaderCase[] = [];
  for (const given of cases) {
    const c = await resolved(given);
    asked.push(c);
    const r = await timeCase(bench, c);
    const over = r.median > options.barMs;
    if (over) slow.push(c);
    console.log(
      `| ${c.screen} | ${c.label} | ${over ? `**${ms(r.median)}**` : ms(r.median)} | ${ms(r.p95)} | ${r.matches} |`,
    );
  }
  console.log(
    slow.length > 0
      ? `\n${slow.length} case(s) over ${options.barMs} ms: ${slow.map((c) => `${c.screen}, ${c.label}`).join("; ")}`
      : `\nOK: every median under ${options.barMs} ms`,
  );
  if (options.explain) for (const c of options.explain === "all" ? asked : slow) await explainCase(bench, c);
  return slow;
}
