import pino, { type Logger } from "pino";
import type { Env } from "./env.server";

export type { Logger };

/** One JSON line per record; secrets and cookies are redacted wherever they appear. */
export function createLogger(env: Pick<Env, "logLevel">): Logger {
  return pino({
    level: env.logLevel,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "password", "*.password"],
      censor: "[redacted]",
    },
  });
}

const loggerKey = Symbol.for("app.logger");
type WithLogger = typeof globalThis & { [loggerKey]?: Logger };

/** The process's logger: the one server.ts made, or a default one (scripts, tests). */
export function getLogger(): Logger {
  const g = globalThis as WithLogger;
  return (g[loggerKey] ??= pino({ level: process.env.LOG_LEVEL || "info" }));
}

export function setLogger(logger: Logger): void {
  (globalThis as WithLogger)[loggerKey] = logger;
}
