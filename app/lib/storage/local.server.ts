import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { ensurePrivateDir } from "../data-dir.server";
import { assertStorageKey, isValidStorageKey, type Storage } from "./storage";

// The default backend: files under DATA_DIR/media, served by this server at /media/<key> (media-handler.server.ts).
// The folder is private to the server's user like the rest of DATA_DIR (ADR 0010); the server itself reads the
// files and sends them, so nobody else needs access. A file's type is its extension's: nothing beside the file
// records it, and put refuses a type that disagrees, so get always answers with the type that was put.

const CONTENT_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
};

/** The type a local file with this key is served as, or undefined for an extension the backend does not keep. */
export function contentTypeForKey(key: string): string | undefined {
  return CONTENT_TYPES[path.extname(key).toLowerCase()];
}

/** Nothing stored under the key: no such file, or a folder (a key prefix) in its place. */
function isNoFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR";
}

export interface LocalStorage extends Storage {
  readonly dir: string;
}

/** The media folder inside a data directory. */
export function mediaDir(dataDir: string): string {
  return path.join(dataDir, "media");
}

export function createLocalStorage(options: { dir: string; baseUrl?: string }): LocalStorage {
  const dir = path.resolve(options.dir);
  const baseUrl = (options.baseUrl ?? "/media").replace(/\/+$/, "");
  let rootReady = false;

  const fileFor = (key: string) => {
    assertStorageKey(key);
    const file = path.join(dir, key);
    // The key check already rules out escaping the folder; this keeps it true whatever that check becomes.
    if (!file.startsWith(dir + path.sep)) throw new Error(`storage key outside the media folder: ${key}`);
    return file;
  };

  return {
    dir,

    async put(key, body, contentType) {
      const file = fileFor(key);
      const expected = contentTypeForKey(key);
      if (expected !== contentType) {
        throw new Error(`local storage keeps ${key} as ${expected ?? "nothing"}, not ${contentType}`);
      }
      if (!rootReady) {
        ensurePrivateDir(dir);
        rootReady = true;
      }
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written aside and renamed into place, so a reader never sees half a file. The temporary name starts with
      // a dot, which no key may, so it can never be fetched or collide with a stored file.
      const partial = path.join(path.dirname(file), `.partial-${randomBytes(8).toString("hex")}`);
      try {
        await writeFile(partial, body, { mode: 0o600 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      const contentType = contentTypeForKey(key);
      if (!contentType) return null;
      try {
        return { body: await readFile(file), contentType };
      } catch (error) {
        if (isNoFile(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(fileFor(key));
      } catch (error) {
        if (!isNoFile(error)) throw error;
      }
    },

    async list() {
      const keys: string[] = [];
      const walk = async (folder: string, prefix: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(folder, { withFileTypes: true });
        } catch (error) {
          // Nothing stored yet: the folder is made by the first put.
          if ((error as NodeJS.ErrnoException).code === "ENOENT" && prefix === "") return;
          throw error;
        }
        for (const entry of entries) {
          const key = prefix + entry.name;
          // A partial write (`.partial-...`), a symbolic link or a stray file of another type is not a stored file.
          if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${key}/`);
          else if (entry.isFile() && isValidStorageKey(key) && contentTypeForKey(key)) keys.push(key);
        }
      };
      await walk(dir, "");
      return keys.sort();
    },

    url(key) {
      assertStorageKey(key);
      return `${baseUrl}/${key}`;
    },
  };
}
