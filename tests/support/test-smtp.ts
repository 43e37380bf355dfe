import { createServer, type AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

// A real SMTP server on 127.0.0.1, answering as `mode` says, keeping what it received.

export interface Received {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: Received[];
  mode: "accept" | "451" | "550";
  /** Delay before answering DATA, to catch a run in the middle of a send. */
  delayMs: number;
  dataStarted: number;
  auths: { username?: string | null; password?: string | null }[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const state: Omit<TestSmtp, "port" | "url" | "close"> = {
    received: [],
    mode: "accept",
    delayMs: 0,
    dataStarted: 0,
    auths: [],
  };
  const address = (a: SMTPServerAddress | false) => (a ? a.address : "");
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      state.auths.push({ username: auth.username, password: auth.password });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      state.dataStarted++;
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        setTimeout(() => {
          if (state.mode === "451") {
            return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          }
          if (state.mode === "550") {
            return callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
          }
          state.received.push({
            mailFrom: address(session.envelope.mailFrom),
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(state, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A port nobody listens on: taken, then released. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A received message as readable text: quoted-printable soft breaks joined and =XX bytes decoded. */
export function readable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  return bytes.toString("utf8");
}
