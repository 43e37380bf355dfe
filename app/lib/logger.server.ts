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
