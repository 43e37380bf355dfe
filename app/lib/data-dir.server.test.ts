import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as dataDirModule from "./data-dir.server";
import {
  DataDirInUseError,
  ensurePrivateDir,
  LOCK_FILE_NAME,
  lockDataDir,
  makeTreePrivate,
  type DataDirLock,
  type LockOwner,
} from "./data-dir.server";

let dataDir: string;
let lockFile: string;
const locks: DataDirLock[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "data-dir-test-"));
  lockFile = path.join(dataDir, LOCK_FILE_NAME);
});
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  rmSync(dataDir, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

function lock(options?: Parameters<typeof lockDataDir>[1]): DataDirLock {
  const l = lockDataDir(dataDir, options);
  locks.push(l);
  return l;
}

function refusal(): DataDirInUseError {
  try {
    lock();
  } catch (error) {
    if (error instanceof DataDirInUseError) return error;
    throw error;
  }
  throw new Error("expected the lock to be refused");
}

function writeLock(owner: Partial<LockOwner>, ageSeconds = 0): void {
  const full: LockOwner = { pid: 1, hostname: os.hostname(), since: "2025-01-01T00:00:00Z", token: "t", ...owner };
  writeFileSync(lockFile, JSON.stringify(full));
  const at = new Date(Date.now() - ageSeconds * 1000);
  utimesSync(lockFile, at, at);
}

const ownedByUs = (): LockOwner => JSON.parse(readFileSync(lockFile, "utf8")) as LockOwner;

/** A PID that was just in use and is not any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  return Number(child.stdout.trim());
}

describe("the data directory's lock", () => {
  it("is exclusive: a second taker is refused with the holder's PID, and may take it once released", () => {
    const first = lock();
    expect(ownedByUs()).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(mode(lockFile)).toBe(0o600);

    expect(refusal().message).toBe(
      `DATA_DIR ${dataDir} is in use by another process (PID ${process.pid}). Stop it first, or point DATA_DIR elsewhere.`,
    );

    first.release();
    expect(existsSync(lockFile)).toBe(false);
    first.release();
    lock();
    expect(ownedByUs().pid).toBe(process.pid);
  });

  it("is refused to a second copy of this module in the same process (the server and the app build)", async () => {
    const specifier = "./data-dir.server.ts?second-module-graph";
    const copy = (await import(/* @vite-ignore */ specifier)) as typeof dataDirModule;
    expect(copy.lockDataDir).not.toBe(dataDirModule.lockDataDir);
    lock();
    expect(() => copy.lockDataDir(dataDir)).toThrow(copy.DataDirInUseError);
    expect(ownedByUs().pid).toBe(process.pid);
  });

  it("is refused while another live process on this host holds it", async () => {
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      writeLock({ pid: holder.pid! });
      expect(refusal().message).toBe(
        `DATA_DIR ${dataDir} is in use by another process (PID ${holder.pid}). Stop it first, or point DATA_DIR elsewhere.`,
      );
      expect(ownedByUs().pid).toBe(holder.pid);
    } finally {
      const exited = new Promise((resolve) => holder.once("exit", resolve));
      holder.kill();
      await exited;
    }
  });

  it("takes over a lock whose process has ended on this host", () => {
    writeLock({ pid: deadPid() });
    lock();
    expect(ownedByUs().pid).toBe(process.pid);
  });

  it("takes over a lock left with this process's own PID (PID 1 of a restarted container)", () => {
    writeLock({ pid: process.pid, token: "earlier-life" });
    lock();
    expect(ownedByUs()).toMatchObject({ pid: process.pid });
    expect(ownedByUs().token).not.toBe("earlier-life");
  });

  it("believes another host's lock while it is refreshed, and takes it over once it is not", () => {
    writeLock({ pid: 4321, hostname: "other-host" }, 5);
    expect(refusal().message).toBe(
      `DATA_DIR ${dataDir} is in use by another process (PID 4321 on other-host). Stop it first, or point DATA_DIR elsewhere.`,
    );
    writeLock({ pid: 4321, hostname: "other-host" }, 61);
    lock();
    expect(ownedByUs()).toMatchObject({ pid: process.pid, hostname: os.hostname() });
  });

  it("treats an unreadable lock file as a holder still writing it, until it is old", () => {
    writeFileSync(lockFile, "");
    expect(refusal().message).toBe(
      `DATA_DIR ${dataDir} is in use by another process (lock file ${lockFile}). Stop it first, or point DATA_DIR elsewhere.`,
    );
    const old = new Date(Date.now() - 61_000);
    utimesSync(lockFile, old, old);
    lock();
    expect(ownedByUs().pid).toBe(process.pid);
  });

  it("refreshes its lock file while held, so other hosts see it is alive", async () => {
    lock({ heartbeatMs: 20 });
    const old = new Date(Date.now() - 120_000);
    utimesSync(lockFile, old, old);
    await expect.poll(() => Date.now() - statSync(lockFile).mtimeMs, { timeout: 5_000 }).toBeLessThan(60_000);
  });

  it("does not delete the lock file of a process that took it over", () => {
    const ours = lock();
    writeLock({ pid: 4321, hostname: "other-host" });
    ours.release();
    expect(ownedByUs().pid).toBe(4321);
  });

  it("is released when the process exits", () => {
    const moduleUrl = new URL("./data-dir.server.ts", import.meta.url).href;
    const child = spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      [
        "--eval",
        `import { lockDataDir } from ${JSON.stringify(moduleUrl)};
         lockDataDir(${JSON.stringify(dataDir)});
         console.log("locked");
         process.exit(0);`,
      ],
      { encoding: "utf8", timeout: 30_000 },
    );
    expect(child.stderr).toBe("");
    expect(child.stdout.trim()).toBe("locked");
    expect(existsSync(lockFile)).toBe(false);
  }, 60_000);
});

describe("private folders", () => {
  it("creates missing folders 0700 and tightens an existing one of ours", () => {
    const nested = path.join(dataDir, "a", "b");
    ensurePrivateDir(nested);
    expect(mode(path.join(dataDir, "a"))).toBe(0o700);
    expect(mode(nested)).toBe(0o700);

    chmodSync(dataDir, 0o755);
    ensurePrivateDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
  });

  it("takes group and others' access off a tree, keeping the owner's", () => {
    const sub = path.join(dataDir, "base", "1");
    mkdirSync(sub, { recursive: true, mode: 0o755 });
    writeFileSync(path.join(sub, "16384"), "x", { mode: 0o666 });
    writeFileSync(path.join(dataDir, "PG_VERSION"), "17", { mode: 0o644 });
    chmodSync(path.join(sub, "16384"), 0o666);
    makeTreePrivate(dataDir);
    expect(mode(path.join(dataDir, "base"))).toBe(0o700);
    expect(mode(sub)).toBe(0o700);
    expect(mode(path.join(sub, "16384"))).toBe(0o600);
    expect(mode(path.join(dataDir, "PG_VERSION"))).toBe(0o600);
  });
});
