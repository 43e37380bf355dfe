// The screen benchmarks' command line (bench:backoffice, bench:ledger): --scale, --postgres (or BENCH_DATABASE_URL),
// --only, --explain, --keep, --reuse, BENCH_RUNS; and the bar a median must stay under on each database.

export interface BenchArgs {
  /** Seed `scale` times as many rows (0.1 for a quick check). */
  scale: number;
  runs: number;
  warmups: number;
  /** A PostgreSQL server's maintenance database; undefined: PGlite. */
  serverUrl: string | undefined;
  /** 100 ms on PostgreSQL, 250 ms on PGlite (the issues' bars for a median, server time). */
  barMs: number;
  explain: "slow" | "all" | undefined;
  keep: boolean;
  reuse: string | undefined;
  /** Time only the cases whose screen or label holds this (lower case). */
  only: string | undefined;
}

export function benchArgs(argv: readonly string[] = process.argv.slice(2)): BenchArgs {
  const flag = (name: string) => argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const valueOf = (name: string) => flag(name)?.split("=").slice(1).join("=");
  const scale = Number(valueOf("scale") ?? 1);
  if (!(scale > 0 && scale <= 10)) throw new Error("--scale must be a number above 0, at most 10");
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? (flag("postgres") ? "postgres://postgres@127.0.0.1:5432/postgres" : undefined);
  const explain = flag("explain");
  return {
    scale,
    runs: Number(process.env.BENCH_RUNS ?? 15),
    warmups: 2,
    serverUrl,
    barMs: serverUrl ? 100 : 250,
    explain: explain ? (explain === "--explain=all" ? "all" : "slow") : undefined,
    keep: !!flag("keep"),
    reuse: valueOf("reuse"),
    only: valueOf("only")?.toLowerCase(),
  };
}
