import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { ensurePrivateDir } from "./data-dir.server";

/**
 * The server's configuration, read from the environment once at start-up. A bad value stops the start
 * with one line naming the variable (see ConfigError), never a stack trace.
 */
export interface Env {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  authSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Submissions of each public form allowed per client address and window. */
  formRateLimit: { max: number; windowSeconds: number };
  /** Failed sign-ins allowed per account and client address together, and window (sign-in-limits.server.ts). */
  signInRateLimit: { max: number; windowSeconds: number };
  /** Failed sign-ins allowed per client address over every account, and window. */
  signInAddressRateLimit: { max: number; windowSeconds: number };
  /** Back-office sessions (admin, staff, accountant): seconds idle, and seconds in all, before they end. */
  staffSession: SessionTimeout;
  /** Customer-portal sessions: seconds idle, and seconds in all, before they end. */
  customerSession: SessionTimeout;
  /** Express's `trust proxy` setting: which hops' X-Forwarded-For/-Proto/-Host are believed. */
  trustProxy: TrustProxy;
  /** Where uploaded files go: an S3-compatible bucket when configured, else `dataDir/media`. */
  s3: S3Config | undefined;
  /** Largest file one upload may carry, in bytes. */
  uploadMaxBytes: number;
}

/** How long a session lasts without use (idle) and in all from its sign-in (absolute), in seconds. */
export interface SessionTimeout {
  idleSeconds: number;
  absoluteSeconds: number;
}

/** An S3-compatible bucket (S3_* variables). */
export interface S3Config {
  /** The service's address, without a trailing slash (https://s3.eu-central-1.amazonaws.com, http://minio:9000). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base of the objects' public addresses (a CDN, a bucket domain); unset: path-style `${endpoint}/${bucket}`. */
  publicUrl: string | undefined;
}

/** A number of hops, all (true), none (false), or addresses, CIDR ranges and proxy-addr's keywords. */
export type TrustProxy = boolean | number | string[];

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable} ${message}`);
    this.name = "ConfigError";
  }
}

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const urlWithProtocols = (protocols: string[], hint: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, hint)
      .optional(),
  );

/** "count/seconds", e.g. 10/600; `fallback` when unset (the example shown when wrong, when there is none). */
function rateLimitSetting(what: string, fallback: { max: number; windowSeconds: number }) {
  return z.preprocess(blankToUndefined, rateLimitValue(what, fallback).default(fallback));
}

function rateLimitValue(what: string, example: { max: number; windowSeconds: number }) {
  return z
    .string()
    .regex(/^\d+\/\d+$/, `must look like ${example.max}/${example.windowSeconds} (${what} / seconds)`)
    .transform((v) => {
      const [max, windowSeconds] = v.split("/").map(Number) as [number, number];
      return { max, windowSeconds };
    })
    .refine((v) => v.max >= 1 && v.windowSeconds >= 1, "must allow at least 1 in at least 1 second");
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
const durationSeconds = (v: string) => Number(v.slice(0, -1)) * DURATION_UNITS[v.slice(-1)]!;
const SESSION_TIMEOUT_CEILING_SECONDS = 365 * 86_400;

/** "idle/absolute" as durations with a unit (s, m, h, d), e.g. 12h/7d. */
function sessionTimeoutSetting(fallback: string) {
  const hint = `must look like ${fallback} (time idle / time in all; units s, m, h, d)`;
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(fallback)
      .pipe(z.string().regex(/^\d{1,6}[smhd]\/\d{1,6}[smhd]$/, hint))
      .transform((v): SessionTimeout => {
        const [idle, absolute] = v.split("/") as [string, string];
        return { idleSeconds: durationSeconds(idle), absoluteSeconds: durationSeconds(absolute) };
      })
      .refine((v) => v.idleSeconds >= 60, "must allow at least 1 minute idle")
      .refine((v) => v.absoluteSeconds >= v.idleSeconds, "must not end in all sooner than idle (idle/absolute)")
      .refine((v) => v.absoluteSeconds <= SESSION_TIMEOUT_CEILING_SECONDS, "must end within 365 days in all"),
  );
}

const optionalText = z.preprocess(blankToUndefined, z.string().optional());

/** The default upload limit, and the largest one allowed: a request body is held in memory while it is read. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const UPLOAD_MAX_BYTES_CEILING = 64 * 1024 * 1024;

const TRUST_PROXY_KEYWORDS = ["loopback", "linklocal", "uniquelocal"];

/** An IP address, or one with a CIDR prefix length that fits its family (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(item: string): boolean {
  const [address = "", prefix, ...rest] = item.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string): TrustProxy | undefined {
  const v = value.trim().toLowerCase();
  if (v === "true") return true;
  if (v === "false") return false;
  if (/^\d{1,3}$/.test(v)) return Number(v);
  const items = v.split(",").map((item) => item.trim());
  return items.every((item) => TRUST_PROXY_KEYWORDS.includes(item) || isAddressOrRange(item)) ? items : undefined;
}

const schema = {
  NODE_ENV: z.preprocess(blankToUndefined, z.enum(["development", "production", "test"]).default("production")),
  HOST: z.preprocess(blankToUndefined, z.string().default("0.0.0.0")),
  PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, "must be a whole number between 1 and 65535")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, "must be a whole number between 1 and 65535")
      .default(3000),
  ),
  DATABASE_URL: urlWithProtocols(
    ["postgres:", "postgresql:"],
    "must be a PostgreSQL URL such as postgres://user:password@host:5432/database",
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
  PUBLIC_URL: urlWithProtocols(["http:", "https:"], "must be an http(s) URL such as https://rentals.example.com"),
  SMTP_URL: urlWithProtocols(
    ["smtp:", "smtps:"],
    "must be an SMTP URL such as smtp://user:password@mail.example.com:587",
  ),
  AUTH_SECRET: z.preprocess(blankToUndefined, z.string().min(32, "must be at least 32 characters long").optional()),
  ADMIN_EMAIL: z.preprocess(blankToUndefined, z.email("must be an e-mail address").optional()),
  ADMIN_PASSWORD: z.preprocess(blankToUndefined, z.string().min(8, "must be at least 8 characters long").optional()),
  FORM_RATE_LIMIT: rateLimitSetting("submissions per client address", { max: 10, windowSeconds: 600 }),
  SIGN_IN_RATE_LIMIT: rateLimitSetting("failed sign-ins per account and address", { max: 5, windowSeconds: 900 }),
  // Unset: four times SIGN_IN_RATE_LIMIT's count in its window (loadEnv).
  SIGN_IN_ADDRESS_RATE_LIMIT: z.preprocess(
    blankToUndefined,
    rateLimitValue("failed sign-ins per address", { max: 20, windowSeconds: 900 }).optional(),
  ),
  STAFF_SESSION_TIMEOUT: sessionTimeoutSetting("12h/7d"),
  CUSTOMER_SESSION_TIMEOUT: sessionTimeoutSetting("7d/30d"),
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (parsed === undefined) {
          ctx.addIssue({
            code: "custom",
            message:
              "must be a number of proxy hops (1), true, false, or a comma-separated list of IP addresses, " +
              "CIDR ranges (10.0.0.0/8) and the words loopback, linklocal, uniquelocal",
          });
          return z.NEVER;
        }
        return parsed;
      })
      // A reverse proxy on the same machine (nginx) is believed; nothing else unless configured.
      .default(["loopback"]),
  ),
  UPLOAD_MAX_BYTES: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, `must be a whole number of bytes from 1024 to ${UPLOAD_MAX_BYTES_CEILING}`)
      .transform(Number)
      .refine(
        (n) => n >= 1024 && n <= UPLOAD_MAX_BYTES_CEILING,
        `must be a whole number of bytes from 1024 to ${UPLOAD_MAX_BYTES_CEILING}`,
      )
      .default(DEFAULT_UPLOAD_MAX_BYTES),
  ),
  S3_ENDPOINT: urlWithProtocols(
    ["http:", "https:"],
    "must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com",
  ),
  S3_BUCKET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
      )
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: urlWithProtocols(["http:", "https:"], "must be an http(s) URL such as https://cdn.example.com/media"),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
};

type Schema = typeof schema;
type Parsed = { [K in keyof Schema]: z.output<Schema[K]> };

function parseVariables(source: NodeJS.ProcessEnv): Parsed {
  const out: Partial<Record<keyof Schema, unknown>> = {};
  for (const key of Object.keys(schema) as (keyof Schema)[]) {
    const raw = source[key];
    const result = schema[key].safeParse(raw);
    if (!result.success) {
      const reason = result.error.issues[0]?.message ?? "is invalid";
      const shown =
        key === "DATABASE_URL" || key === "SMTP_URL" || key.includes("SECRET") || key.includes("PASSWORD")
          ? ""
          : ` (got "${raw}")`;
      throw new ConfigError(key, `${reason}${shown}`);
    }
    out[key] = result.data;
  }
  return out as Parsed;
}

/**
 * The auth secret: AUTH_SECRET when set, otherwise one generated on first start and kept in the data
 * directory, so no .env file is ever needed. Servers sharing one PostgreSQL must share AUTH_SECRET.
 */
function resolveAuthSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  }
  ensurePrivateDir(dataDir);
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The bucket when every S3_* variable is set, none when none is; one set without the others is a mistake. */
function s3Config(v: Parsed): S3Config | undefined {
  const given = [...S3_REQUIRED, "S3_PUBLIC_URL" as const].filter((key) => v[key] !== undefined);
  if (given.length === 0) return undefined;
  const missing = S3_REQUIRED.find((key) => v[key] === undefined);
  if (missing) {
    throw new ConfigError(
      missing,
      `must be set too when ${given[0]} is set (S3 storage needs ${S3_REQUIRED.join(", ")})`,
    );
  }
  const trim = (url: string) => url.replace(/\/+$/, "");
  return {
    endpoint: trim(v.S3_ENDPOINT!),
    bucket: v.S3_BUCKET!,
    region: v.S3_REGION!,
    accessKeyId: v.S3_ACCESS_KEY_ID!,
    secretAccessKey: v.S3_SECRET_ACCESS_KEY!,
    publicUrl: v.S3_PUBLIC_URL === undefined ? undefined : trim(v.S3_PUBLIC_URL),
  };
}

/**
 * Without PUBLIC_URL, the address the server listens on: HOST itself when it is one address, "localhost" when it
 * listens on every address (0.0.0.0, ::), whose other names this machine cannot know.
 */
export function listeningUrl(host: string, port: number): string {
  const everyAddress = host === "0.0.0.0" || host === "::" || host === "[::]";
  const name = everyAddress ? "localhost" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const v = parseVariables(source);
  const s3 = s3Config(v);
  const dataDir = path.resolve(v.DATA_DIR);
  return {
    nodeEnv: v.NODE_ENV,
    host: v.HOST,
    port: v.PORT,
    databaseUrl: v.DATABASE_URL,
    dataDir,
    publicUrl: (v.PUBLIC_URL ?? listeningUrl(v.HOST, v.PORT)).replace(/\/+$/, ""),
    smtpUrl: v.SMTP_URL,
    authSecret: resolveAuthSecret(v.AUTH_SECRET, dataDir),
    adminEmail: v.ADMIN_EMAIL,
    adminPassword: v.ADMIN_PASSWORD,
    logLevel: v.LOG_LEVEL,
    formRateLimit: v.FORM_RATE_LIMIT,
    signInRateLimit: v.SIGN_IN_RATE_LIMIT,
    signInAddressRateLimit: v.SIGN_IN_ADDRESS_RATE_LIMIT ?? {
      max: 4 * v.SIGN_IN_RATE_LIMIT.max,
      windowSeconds: v.SIGN_IN_RATE_LIMIT.windowSeconds,
    },
    staffSession: v.STAFF_SESSION_TIMEOUT,
    customerSession: v.CUSTOMER_SESSION_TIMEOUT,
    trustProxy: v.TRUST_PROXY,
    s3,
    uploadMaxBytes: v.UPLOAD_MAX_BYTES,
  };
}

const envKey = Symbol.for("app.env");
type WithEnv = typeof globalThis & { [envKey]?: Env };

/** The configuration of this process, loaded on first use (the server loads it first thing at start). */
export function getEnv(): Env {
  const g = globalThis as WithEnv;
  return (g[envKey] ??= loadEnv());
}

/** Replaces the configuration; for tests and scripts that build their own. */
export function setEnv(env: Env): void {
  (globalThis as WithEnv)[envKey] = env;
}
