import { readFileSync } from "node:fs";

/** A process's resident memory (VmRSS) in MB, read from /proc (Linux). */
export function residentMemoryMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}
