// Where uploaded files live (DESIGN §9 Files): one small interface, a folder under DATA_DIR by default or an
// S3-compatible bucket (local.server.ts, s3.server.ts), chosen from the environment by getStorage().

/** A stored file's bytes and the type it was stored with. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  /** Stores `body` under `key`, replacing what was there. */
  put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every stored key, sorted (what a backup copies); keys this application could not have stored are left out. */
  list(): Promise<string[]>;
  /** Where a browser fetches it: `/media/<key>` on this site, or the bucket's public address. */
  url(key: string): string;
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`invalid storage key ${JSON.stringify(key.slice(0, 100))}`);
    this.name = "InvalidStorageKeyError";
  }
}

// Keys are chosen by the server (`logos/<uuid>-640.webp`), never by a visitor, but they also arrive in URLs
// (/media/<key>): lower-case letters, digits and - _ . in slash-separated segments, none empty or starting
// with a dot (so no `..`, no hidden files, no absolute path) and no longer than a URL should be.
const KEY = /^[a-z0-9_-][a-z0-9_.-]*(?:\/[a-z0-9_-][a-z0-9_.-]*)*$/;
const MAX_KEY_LENGTH = 512;

export function isValidStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key) && !key.includes("..");
}

export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/**
 * Keys are never reused (a new upload gets a new uuid), so a stored file never changes under its address:
 * browsers and CDNs may keep it for a year without asking again.
 */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
