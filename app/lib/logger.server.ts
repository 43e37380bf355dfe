import pino, { type Logger } from "pino";
import type { Env } from "./env.server";

export type { Logger };

/**
 * An error as logged, without the values of a failed query (issue 38): drizzle's DrizzleQueryError carries the
 * statement's parameters (amounts, names, e-mail addresses) in `params` and in its message. The statement is logged,
 * its values are not, here and in every cause below it.
 */
export function errWithoutQueryValues(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  return stripQueryValues(serialized, 0);
}

function stripQueryValues(value: unknown, depth: number): unknown {
  if (!value || typeof value !== "object" || depth > 8) return value;
  const record = { ...(value as Record<string, unknown>) };
  if ("params" in record) record.params = "[not logged]";
  for (const key of ["message", "stack"] as const)
    if (typeof record[key] === "string")
      record[key] = (record[key] as string).replace(/\nparams: .*/g, "\nparams: [not logged]");
  if (record.cause) record.cause = stripQueryValues(record.cause, depth + 1);
  return record;
}

const serializers = { err: errWithoutQueryValues };

/** One JSON line per record; secrets and cookies are redacted wherever they appear. */
export function createLogger(env: Pick<Env, "logLevel">): Logger {
  return pino({
    level: env.logLevel,
    serializers,
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
  return (g[loggerKey] ??= pino({ level: process.env.LOG_LEVEL || "info", serializers }));
}

export function setLogger(logger: Logger): void {
  (globalThis as WithLogger)[loggerKey] = logger;
}
