import { randomBytes } from "node:crypto";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The data directory (DATA_DIR) holds the embedded database and the auth secret: only its owner may read
 * it, and only one process at a time may open the database in it (ADR 0010).
 */

const GROUP_AND_OTHERS = 0o077;

/** Creates `dir` (and missing parents) as 0700, and takes group and others' access off it if we own it. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = statSync(dir);
  // Not our folder (another user's, or a mount we may not change): leave it as it is.
  if ((stat.mode & GROUP_AND_OTHERS) !== 0 && stat.uid === process.getuid?.()) chmodSync(dir, stat.mode & 0o700);
}

/**
 * Takes group and others' access off every file and folder under `dir`. PGlite unpacks a new database's
 * files with mode 0666 whatever the umask is, so the embedded database is tightened when it opens.
 */
export function makeTreePrivate(dir: string): void {
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & GROUP_AND_OTHERS) !== 0) chmodSync(entry, stat.mode & 0o700);
    if (stat.isDirectory()) makeTreePrivate(entry);
  }
}

/** Who holds a data directory's lock, as written in its lock file. */
export interface LockOwner {
  pid: number;
  hostname: string;
  since: string;
  /** Tells two lock files apart even when a PID comes back (a restarted container's PID 1). */
  token: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
    lockFile: string,
  ) {
    const who = !owner
      ? `(lock file ${lockFile})`
      : owner.hostname === os.hostname()
        ? `(PID ${owner.pid})`
        : `(PID ${owner.pid} on ${owner.hostname})`;
    super(`DATA_DIR ${dataDir} is in use by another process ${who}. Stop it first, or point DATA_DIR elsewhere.`);
    this.name = "DataDirInUseError";
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file (if it is still ours). Safe to call twice. */
  release(): void;
}

export interface LockOptions {
  /** How often the holder touches its lock file, so another host can tell a live lock from a dead one. */
  heartbeatMs?: number;
  /** A lock of another host (or one unreadable) untouched for this long is stale. */
  staleMs?: number;
}

export const LOCK_FILE_NAME = "lock";
const HEARTBEAT_MS = 10_000;
const STALE_MS = 60_000;

// Lock files this process holds: a second open in the same process is refused too, and `exit` removes them.
// On globalThis: server.ts and the React Router build are separate module graphs in one process, and a
// second copy of this module must not mistake the first one's lock for a dead process's.
const heldKey = Symbol.for("app.dataDirLocks");
type WithLocks = typeof globalThis & { [heldKey]?: Map<string, DataDirLock> };

function heldLocks(): Map<string, DataDirLock> {
  const g = globalThis as WithLocks;
  if (!g[heldKey]) {
    const held = new Map<string, DataDirLock>();
    g[heldKey] = held;
    process.on("exit", () => {
      for (const lock of [...held.values()]) {
        try {
          lock.release();
        } catch {
          // Exiting anyway; the next process judges the leftover lock stale by its PID.
        }
      }
    });
  }
  return g[heldKey];
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isLockOwner(value: unknown): value is LockOwner {
  const v = value as Partial<LockOwner> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    Number.isSafeInteger(v.pid) &&
    typeof v.hostname === "string" &&
    typeof v.token === "string"
  );
}

interface ExistingLock {
  text: string;
  owner: LockOwner | undefined;
  ageMs: number;
}

function readLock(file: string): ExistingLock | undefined {
  try {
    const text = readFileSync(file, "utf8");
    const ageMs = Date.now() - statSync(file).mtimeMs;
    let owner: LockOwner | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      owner = isLockOwner(parsed) ? parsed : undefined;
    } catch {
      owner = undefined;
    }
    return { text, owner, ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function isStale(lock: ExistingLock, staleMs: number): boolean {
  const { owner } = lock;
  // Unreadable: a holder between creating and writing it (fresh), or a crash in that moment (old).
  if (!owner || owner.hostname !== os.hostname()) return lock.ageMs > staleMs;
  // Our own PID but not in `held`: an earlier process that had our PID, such as PID 1 of a restarted container.
  if (owner.pid === process.pid) return true;
  return !processAlive(owner.pid);
}

/**
 * Moves a stale lock file aside and deletes it, unless it changed after we judged it stale (another process
 * took it over meanwhile): then it is put back.
 */
function removeStaleLock(file: string, staleText: string): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (readFileSync(aside, "utf8") !== staleText) {
    try {
      renameSync(aside, file);
      return;
    } catch {
      // Fall through: the file is gone either way.
    }
  }
  unlinkSync(aside);
}

function tryCreate(file: string, text: string): boolean {
  try {
    writeFileSync(file, text, { flag: "wx", mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Takes the data directory's exclusive lock for this process: `DATA_DIR/lock` holds the PID and host name.
 * A lock whose process is gone (same host), or one another host has not refreshed for `staleMs`, is taken
 * over. Otherwise throws DataDirInUseError. Released by `release()` and on process exit.
 */
export function lockDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const staleMs = options.staleMs ?? STALE_MS;
  const dir = path.resolve(dataDir);
  ensurePrivateDir(dir);
  const file = path.join(dir, LOCK_FILE_NAME);
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    since: new Date().toISOString(),
    token: randomBytes(8).toString("hex"),
  };
  if (heldLocks().has(file)) throw new DataDirInUseError(dir, owner, file);
  const text = JSON.stringify(owner) + "\n";

  // A few rounds: a stale lock is removed, then created anew, and another process may win that race.
  for (let round = 0; round < 3; round++) {
    if (tryCreate(file, text)) return hold(file, text, heartbeatMs);
    const existing = readLock(file);
    if (!existing) continue;
    if (!isStale(existing, staleMs)) throw new DataDirInUseError(dir, existing.owner, file);
    removeStaleLock(file, existing.text);
  }
  throw new DataDirInUseError(dir, readLock(file)?.owner, file);
}

function hold(file: string, text: string, heartbeatMs: number): DataDirLock {
  const held = heldLocks();
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Removed under us: nothing to refresh; release() will find it gone.
    }
  }, heartbeatMs);
  heartbeat.unref();
  const lock: DataDirLock = {
    file,
    release() {
      if (held.get(file) !== lock) return;
      clearInterval(heartbeat);
      held.delete(file);
      // Only our own lock file: after a takeover the file is another process's.
      if (readLock(file)?.text === text) unlinkSync(file);
    },
  };
  held.set(file, lock);
  return lock;
}
