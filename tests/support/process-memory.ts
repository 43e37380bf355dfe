import { readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** A process's resident memory (VmRSS) in MB, read from /proc (Linux). */
export function residentMemoryMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

/** This process's garbage collector, exposed for the test that measures what a call keeps. */
function collector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

/**
 * How much this process's resident memory grew during `call`, in MB: its highest reading (taken every millisecond
 * the event loop is free) and what is left after a collection, each against a reading after a collection before.
 */
export async function memoryGrowthDuring<T>(
  call: () => Promise<T>,
): Promise<{ result: T; peakMb: number; keptMb: number }> {
  const gc = collector();
  gc();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 1);
  try {
    const result = await call();
    peak = Math.max(peak, process.memoryUsage.rss());
    gc();
    return {
      result,
      peakMb: (peak - before) / 1024 / 1024,
      keptMb: (process.memoryUsage.rss() - before) / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}
