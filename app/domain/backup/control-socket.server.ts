import { chmodSync, existsSync, unlinkSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { BackupResult } from "./create-backup.server";

// While the server runs on PGlite it holds the data directory's lock, so `npm run db:backup` cannot open the
// database itself: it asks the server instead, over a Unix socket in DATA_DIR (ADR 0034). Only the server's user
// can reach it (DATA_DIR is 0700 and the socket 0600). One request a connection, one JSON line each way.

export const CONTROL_SOCKET_NAME = "control.sock";
const MAX_REQUEST_BYTES = 64 * 1024;

export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), CONTROL_SOCKET_NAME);
}

type Request = { command: "backup"; file: string };
type Reply = { ok: true; result: BackupResult } | { ok: false; error: string };

/** The server's answer was an error: the message is the server's. */
export class ControlRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ControlRequestError";
  }
}

function parseRequest(line: string): Request {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error("the request is not JSON");
  }
  const v = value as Partial<Request> | null;
  if (v?.command !== "backup") throw new Error('command: only "backup" is known');
  if (typeof v.file !== "string" || !path.isAbsolute(v.file)) throw new Error("file: an absolute path is needed");
  return { command: "backup", file: v.file };
}

export interface ControlSocket {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/control.sock and makes a backup for each request with `backup` (one at a time). A socket
 * file left by a server that died is replaced; the data directory's lock, held by the caller, says no other
 * server is alive.
 */
export async function startControlSocket(options: {
  dataDir: string;
  backup: (file: string) => Promise<BackupResult>;
  onError?: (error: unknown) => void;
}): Promise<ControlSocket> {
  const socketPath = controlSocketPath(options.dataDir);
  if (existsSync(socketPath)) unlinkSync(socketPath);
  let queue: Promise<unknown> = Promise.resolve();

  const server = net.createServer((connection) => {
    let received = "";
    const reply = (answer: Reply) => connection.end(JSON.stringify(answer) + "\n");
    connection.on("error", () => {}); // the client went away; nothing to tell it
    connection.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (received.length > MAX_REQUEST_BYTES) return reply({ ok: false, error: "the request is too long" });
      const end = received.indexOf("\n");
      if (end < 0) return;
      connection.removeAllListeners("data");
      let request: Request;
      try {
        request = parseRequest(received.slice(0, end));
      } catch (error) {
        return reply({ ok: false, error: (error as Error).message });
      }
      const run = queue.then(() => options.backup(request.file));
      queue = run.catch(() => {});
      run.then(
        (result) => reply({ ok: true, result }),
        (error: unknown) => {
          options.onError?.(error);
          reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The socket file goes with the listener (Node unlinks it on close).
      }),
  };
}

/**
 * Asks the server running on `dataDir` to write a backup at `file`. Undefined when no server listens (no socket,
 * or one left by a server that died); ControlRequestError with the server's message when the backup failed.
 */
export async function requestBackupFromServer(dataDir: string, file: string): Promise<BackupResult | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return undefined;
  return new Promise<BackupResult | undefined>((resolve, reject) => {
    const connection = net.createConnection(socketPath);
    let received = "";
    let connected = false;
    connection.on("connect", () => {
      connected = true;
      connection.write(JSON.stringify({ command: "backup", file } satisfies Request) + "\n");
    });
    connection.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ECONNREFUSED" || error.code === "ENOENT")) resolve(undefined);
      else reject(error);
    });
    connection.on("end", () => {
      let reply: Reply;
      try {
        reply = JSON.parse(received) as Reply;
      } catch {
        return reject(new ControlRequestError(`the server's answer was not understood: ${received.slice(0, 200)}`));
      }
      if (reply.ok) resolve(reply.result);
      else reject(new ControlRequestError(reply.error));
    });
  });
}
