// Summaries of timed runs for the bench scripts: the median and a nearest-rank percentile.

/** The value at percentile `p` (0 < p <= 100) of `times` by the nearest-rank method: the smallest value with at
 * least p % of the values at or below it. */
export function percentile(times: readonly number[], p: number): number {
  if (times.length === 0) throw new Error("percentile of no times");
  if (!(p > 0 && p <= 100)) throw new Error(`percentile must be in (0, 100], not ${p}`);
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

/** The middle value, or the mean of the two middle values of an even count. */
export function median(times: readonly number[]): number {
  if (times.length === 0) throw new Error("median of no times");
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Timing {
  median: number;
  p95: number;
  max: number;
  runs: number;
}

export function summarize(times: readonly number[]): Timing {
  return { median: median(times), p95: percentile(times, 95), max: Math.max(...times), runs: times.length };
}
