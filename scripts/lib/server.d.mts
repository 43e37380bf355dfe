import type { ChildProcess, SpawnSyncReturns } from "node:child_process";

export const root: string;
export function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): SpawnSyncReturns<Buffer>;
export function buildOrExit(): void;
export function startPreparedServer(options?: {
  env?: Record<string, string>;
  stdio?: "inherit" | "ignore" | "pipe";
  /** A migrated PGlite data directory to start from (pglite-template.mjs). */
  template?: string;
}): Promise<{
  url: string;
  dataDir: string;
  child: ChildProcess;
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}>;
