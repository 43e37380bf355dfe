import { mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { describeFile } from "./create-backup.server";
import { MANIFEST_NAME, parseManifest, type BackupManifest } from "./manifest";

export class BackupUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupUnreadableError";
  }
}

export interface OpenedBackup {
  manifest: BackupManifest;
  /** The folder the archive was unpacked into; each part at its path. */
  dir: string;
  partFile(partPath: string): string;
  /** Removes the unpacked copy. */
  dispose(): Promise<void>;
}

/**
 * Unpacks a backup into a private temporary folder and checks it whole before anything uses it: a valid manifest,
 * every part it lists present with its size and SHA-256, and nothing else in the archive. Throws
 * BackupUnreadableError (or BackupManifestError) naming what is wrong.
 */
export async function openBackup(file: string): Promise<OpenedBackup> {
  if (!existsSync(file)) throw new BackupUnreadableError(`${file}: no such backup file`);
  const dir = await mkdtemp(path.join(os.tmpdir(), "restore-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const entries: string[] = [];
    try {
      await tar.extract({
        file,
        cwd: dir,
        strict: true,
        // Regular files and folders only: no links or devices, whatever the archive holds (node-tar already
        // refuses absolute paths and `..`).
        filter: (entryPath, entry) => {
          const type = "type" in entry ? entry.type : entry.isDirectory() ? "Directory" : "File";
          if (type === "File") entries.push(entryPath.replace(/^\.\//, ""));
          return type === "File" || type === "Directory";
        },
      });
    } catch (error) {
      throw new BackupUnreadableError(`${file} is not a readable backup archive (${(error as Error).message})`);
    }
    if (!entries.includes(MANIFEST_NAME)) throw new BackupUnreadableError(`${file} holds no ${MANIFEST_NAME}`);
    const manifest = parseManifest(await readFile(path.join(dir, MANIFEST_NAME), "utf8"));
    const listed = new Set(manifest.parts.map((p) => p.path));
    const extra = entries.filter((e) => e !== MANIFEST_NAME && !listed.has(e));
    if (extra.length > 0) {
      throw new BackupUnreadableError(
        `${file} holds files its manifest does not list: ${extra.slice(0, 5).join(", ")}`,
      );
    }
    for (const part of manifest.parts) {
      if (!entries.includes(part.path)) throw new BackupUnreadableError(`${file} is missing ${part.path}`);
      const actual = await describeFile(path.join(dir, part.path));
      if (actual.size !== part.size || actual.sha256 !== part.sha256) {
        throw new BackupUnreadableError(
          `${file} is damaged: ${part.path} has ${actual.size} bytes and SHA-256 ${actual.sha256}, the manifest says ${part.size} and ${part.sha256}`,
        );
      }
    }
    return { manifest, dir, partFile: (partPath) => path.join(dir, partPath), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
