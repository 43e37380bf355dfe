import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CONTROL_SOCKET_NAME,
  ControlRequestError,
  requestBackupFromServer,
  startControlSocket,
  type ControlSocket,
} from "./control-socket.server";
import type { BackupResult } from "./create-backup.server";

// The socket `npm run db:backup` asks a running PGlite server through, with a stand-in for the backup itself
// (backup.integration.test.ts proves the backup).

let dataDir: string;
let socket: ControlSocket | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "control-"));
});
afterEach(async () => {
  await socket?.close();
  socket = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const fakeResult = (file: string): BackupResult => ({
  file,
  size: 123,
  manifest: {
    format: 1,
    app: { name: "app", version: "0.1.0" },
    migration: { idx: 27, tag: "0027_business_date_range" },
    createdAt: "2026-12-08T02:00:00.000Z",
    database: { kind: "pglite", serverVersion: "17.5" },
    parts: [],
  },
});

describe("the control socket", () => {
  it("makes the backup the CLI asks for, on a socket only the server's user may open", async () => {
    const asked: string[] = [];
    socket = await startControlSocket({
      dataDir,
      backup: async (file) => {
        asked.push(file);
        return fakeResult(file);
      },
    });
    expect(socket.path).toBe(path.join(dataDir, CONTROL_SOCKET_NAME));
    expect(statSync(socket.path).mode & 0o777).toBe(0o600);
    const result = await requestBackupFromServer(dataDir, "/backups/b.tar.gz");
    expect(result).toEqual(fakeResult("/backups/b.tar.gz"));
    expect(asked).toEqual(["/backups/b.tar.gz"]);
  });

  it("makes one backup at a time", async () => {
    let running = 0;
    let most = 0;
    socket = await startControlSocket({
      dataDir,
      backup: async (file) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        return fakeResult(file);
      },
    });
    const results = await Promise.all(
      ["/a.tar.gz", "/b.tar.gz", "/c.tar.gz"].map((f) => requestBackupFromServer(dataDir, f)),
    );
    expect(results.map((r) => r?.file)).toEqual(["/a.tar.gz", "/b.tar.gz", "/c.tar.gz"]);
    expect(most).toBe(1);
  });

  it("passes the server's failure on to the CLI, and the next request still works", async () => {
    let calls = 0;
    socket = await startControlSocket({
      dataDir,
      backup: async (file) => {
        if (++calls === 1) throw new Error("pg_dump is PostgreSQL 15's but the server is PostgreSQL 16");
        return fakeResult(file);
      },
    });
    const failed = requestBackupFromServer(dataDir, "/a.tar.gz");
    await expect(failed).rejects.toBeInstanceOf(ControlRequestError);
    await expect(failed).rejects.toThrow("pg_dump is PostgreSQL 15's but the server is PostgreSQL 16");
    await expect(requestBackupFromServer(dataDir, "/b.tar.gz")).resolves.toMatchObject({ file: "/b.tar.gz" });
  });

  it("refuses a request that is not a backup to an absolute path, naming the field", async () => {
    socket = await startControlSocket({ dataDir, backup: async (file) => fakeResult(file) });
    const send = (line: string) =>
      new Promise<string>((resolve, reject) => {
        const c = net.createConnection(socket!.path, () => c.write(line));
        let answer = "";
        c.on("data", (chunk: Buffer) => (answer += chunk.toString()));
        c.on("end", () => resolve(answer));
        c.on("error", reject);
      });
    expect(JSON.parse(await send('{"command":"backup","file":"relative.tar.gz"}\n'))).toEqual({
      ok: false,
      error: "file: an absolute path is needed",
    });
    expect(JSON.parse(await send('{"command":"drop"}\n'))).toEqual({
      ok: false,
      error: 'command: only "backup" is known',
    });
    expect(JSON.parse(await send("not json\n"))).toEqual({ ok: false, error: "the request is not JSON" });
  });

  it("answers undefined when no server listens, and a new server replaces a dead one's socket file", async () => {
    expect(await requestBackupFromServer(dataDir, "/a.tar.gz")).toBeUndefined();
    // What a server killed with SIGKILL leaves: a socket file nobody listens on.
    const dead = await startControlSocket({ dataDir, backup: async (file) => fakeResult(file) });
    const deadPath = dead.path;
    await dead.close();
    writeFileSync(deadPath, ""); // a leftover file in its place
    expect(existsSync(deadPath)).toBe(true);
    await expect(requestBackupFromServer(dataDir, "/a.tar.gz")).resolves.toBeUndefined();
    socket = await startControlSocket({ dataDir, backup: async (file) => fakeResult(file) });
    await expect(requestBackupFromServer(dataDir, "/a.tar.gz")).resolves.toMatchObject({ file: "/a.tar.gz" });
  });
});
