import { getEnv, type Env } from "../env.server";
import { createLocalStorage, mediaDir } from "./local.server";
import { createS3Storage } from "./s3.server";
import type { Storage } from "./storage";

/** The backend the configuration asks for: the S3 bucket when S3_* are set, else DATA_DIR/media. */
export function createStorage(env: Env): Storage {
  return env.s3 ? createS3Storage(env.s3) : createLocalStorage({ dir: mediaDir(env.dataDir) });
}

/**
 * What the Content-Security-Policy's img-src must allow besides 'self' for stored images to show: the origin of
 * the bucket's public addresses, when that is not this site.
 */
export function storageImageSources(env: Env): string[] {
  if (!env.s3) return [];
  const origin = new URL(env.s3.publicUrl ?? env.s3.endpoint).origin;
  return origin === new URL(env.publicUrl).origin ? [] : [origin];
}

// On globalThis, like the configuration: server.ts and the React Router build are two module graphs in one
// process and must share one backend (one S3 client and its connections).
const storageKey = Symbol.for("app.storage");
type Slot = { storage: Storage; env: Env | undefined };
type WithStorage = typeof globalThis & { [storageKey]?: Slot };

/** The storage of this process: built from the configuration on first use, again if the configuration changes. */
export function getStorage(): Storage {
  const g = globalThis as WithStorage;
  const slot = g[storageKey];
  if (slot && slot.env === undefined) return slot.storage;
  const env = getEnv();
  if (slot?.env === env) return slot.storage;
  const storage = createStorage(env);
  g[storageKey] = { storage, env };
  return storage;
}

/** Replaces the storage (tests); undefined goes back to the one the configuration asks for. */
export function setStorage(storage: Storage | undefined): void {
  const g = globalThis as WithStorage;
  if (storage) g[storageKey] = { storage, env: undefined };
  else delete g[storageKey];
}
