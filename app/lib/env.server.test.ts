import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.server";

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "env-test-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (vars: Record<string, string | undefined>) => loadEnv({ DATA_DIR: dataDir, ...vars });

function configError(vars: Record<string, string | undefined>): ConfigError {
  try {
    load(vars);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadEnv", () => {
  it("without PUBLIC_URL, links to the address HOST names (the first start's banner, e-mails)", () => {
    expect(load({ HOST: "192.168.1.20", PORT: "8080" }).publicUrl).toBe("http://192.168.1.20:8080");
    expect(load({ HOST: "rentals.lan" }).publicUrl).toBe("http://rentals.lan:3000");
    expect(load({ HOST: "::1" }).publicUrl).toBe("http://[::1]:3000");
    expect(load({ HOST: "0.0.0.0" }).publicUrl).toBe("http://localhost:3000");
    expect(load({ HOST: "::" }).publicUrl).toBe("http://localhost:3000");
    expect(load({ HOST: "192.168.1.20", PUBLIC_URL: "https://rentals.example.com" }).publicUrl).toBe(
      "https://rentals.example.com",
    );
  });

  it("needs no variables at all: port 3000, PGlite in the data directory", () => {
    const env = load({});
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.dataDir).toBe(path.resolve(dataDir));
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.smtpUrl).toBeUndefined();
    expect(env.nodeEnv).toBe("production");
    expect(env.formRateLimit).toEqual({ max: 10, windowSeconds: 600 });
    // A reverse proxy on this machine is believed by default, nothing else.
    expect(env.trustProxy).toEqual(["loopback"]);
    // Uploads go to DATA_DIR/media, at most 5 MB each.
    expect(env.s3).toBeUndefined();
    expect(env.uploadMaxBytes).toBe(5 * 1024 * 1024);
  });

  it.each([
    ["1", 1],
    ["2", 2],
    ["0", 0],
    ["true", true],
    ["FALSE", false],
    ["loopback", ["loopback"]],
    ["loopback, linklocal,uniquelocal", ["loopback", "linklocal", "uniquelocal"]],
    ["10.0.0.5", ["10.0.0.5"]],
    ["10.0.0.0/8, 192.168.1.0/24, 0.0.0.0/0", ["10.0.0.0/8", "192.168.1.0/24", "0.0.0.0/0"]],
    ["fd00::/8,::1,2001:db8::/128", ["fd00::/8", "::1", "2001:db8::/128"]],
    ["loopback,172.16.0.0/12", ["loopback", "172.16.0.0/12"]],
  ])("reads TRUST_PROXY=%s as Express's trust proxy %j", (value, expected) => {
    expect(load({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    "yes",
    "-1",
    "1.5",
    "10.0.0.300",
    "10.0.0.0/33",
    "fd00::/129",
    "10.0.0.0/",
    "10.0.0.0/8/8",
    "10.0.0.0/-1",
    "loopback,",
    "loopback;10.0.0.1",
    "localhost",
    "lb.internal",
  ])("refuses TRUST_PROXY=%s with one line naming it", (value) => {
    const error = configError({ TRUST_PROXY: value });
    expect(error.variable).toBe("TRUST_PROXY");
    expect(error.message).toBe(
      "TRUST_PROXY must be a number of proxy hops (1), true, false, or a comma-separated list of IP addresses, " +
        `CIDR ranges (10.0.0.0/8) and the words loopback, linklocal, uniquelocal (got "${value}")`,
    );
  });

  it("reads the public form rate limit as submissions/seconds", () => {
    expect(load({ FORM_RATE_LIMIT: "1000/60" }).formRateLimit).toEqual({ max: 1000, windowSeconds: 60 });
    expect(configError({ FORM_RATE_LIMIT: "fast" }).message).toBe(
      'FORM_RATE_LIMIT must look like 10/600 (submissions per client address / seconds) (got "fast")',
    );
    expect(configError({ FORM_RATE_LIMIT: "0/60" }).variable).toBe("FORM_RATE_LIMIT");
  });

  it("reads the sign-in limits: per account and address 5/900, per address four times that unless set", () => {
    expect(load({})).toMatchObject({
      signInRateLimit: { max: 5, windowSeconds: 900 },
      signInAddressRateLimit: { max: 20, windowSeconds: 900 },
    });
    expect(load({ SIGN_IN_RATE_LIMIT: "1000/600" }).signInAddressRateLimit).toEqual({
      max: 4000,
      windowSeconds: 600,
    });
    expect(load({ SIGN_IN_ADDRESS_RATE_LIMIT: "50/600" }).signInAddressRateLimit).toEqual({
      max: 50,
      windowSeconds: 600,
    });
    expect(configError({ SIGN_IN_ADDRESS_RATE_LIMIT: "many" }).variable).toBe("SIGN_IN_ADDRESS_RATE_LIMIT");
  });

  it("reads the session timeouts as idle/absolute durations: 12h/7d for staff, 7d/30d for customers", () => {
    expect(load({})).toMatchObject({
      staffSession: { idleSeconds: 12 * 3600, absoluteSeconds: 7 * 86_400 },
      customerSession: { idleSeconds: 7 * 86_400, absoluteSeconds: 30 * 86_400 },
    });
    expect(load({ STAFF_SESSION_TIMEOUT: "30m/8h" }).staffSession).toEqual({
      idleSeconds: 1800,
      absoluteSeconds: 8 * 3600,
    });
    expect(load({ CUSTOMER_SESSION_TIMEOUT: "90s/2d" }).customerSession).toEqual({
      idleSeconds: 90,
      absoluteSeconds: 2 * 86_400,
    });
    expect(configError({ STAFF_SESSION_TIMEOUT: "12 hours" }).message).toBe(
      'STAFF_SESSION_TIMEOUT must look like 12h/7d (time idle / time in all; units s, m, h, d) (got "12 hours")',
    );
    expect(configError({ STAFF_SESSION_TIMEOUT: "7d/12h" }).message).toBe(
      'STAFF_SESSION_TIMEOUT must not end in all sooner than idle (idle/absolute) (got "7d/12h")',
    );
    expect(configError({ CUSTOMER_SESSION_TIMEOUT: "30s/1d" }).message).toMatch(/at least 1 minute idle/);
    expect(configError({ CUSTOMER_SESSION_TIMEOUT: "1d/400d" }).message).toMatch(/within 365 days/);
  });

  it("treats an empty variable as unset", () => {
    expect(load({ PORT: "", DATABASE_URL: " " }).port).toBe(3000);
  });

  it("reads every variable", () => {
    const env = load({
      PORT: "8080",
      DATABASE_URL: "postgres://app:secret@db.internal:5432/rentals",
      PUBLIC_URL: "https://rentals.example.com/",
      SMTP_URL: "smtp://user:pw@mail.example.com:587",
      AUTH_SECRET: "a".repeat(40),
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "long-enough-password",
    });
    expect(env).toMatchObject({
      port: 8080,
      databaseUrl: "postgres://app:secret@db.internal:5432/rentals",
      publicUrl: "https://rentals.example.com",
      smtpUrl: "smtp://user:pw@mail.example.com:587",
      authSecret: "a".repeat(40),
      adminEmail: "owner@example.com",
      adminPassword: "long-enough-password",
    });
  });

  it.each([
    ["abc", /^PORT must be a whole number between 1 and 65535 \(got "abc"\)$/],
    ["0", /^PORT must be a whole number/],
    ["70000", /^PORT must be a whole number/],
    ["3000.5", /^PORT must be a whole number/],
  ])("names PORT when it is %s", (value, message) => {
    const error = configError({ PORT: value });
    expect(error.variable).toBe("PORT");
    expect(error.message).toMatch(message);
  });

  it.each(["mysql://localhost/db", "not a url", "http://localhost:5432"])(
    "names DATABASE_URL when it is %s, without echoing it (it may hold a password)",
    (value) => {
      const error = configError({ DATABASE_URL: value });
      expect(error.variable).toBe("DATABASE_URL");
      expect(error.message).toBe(
        "DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database",
      );
    },
  );

  it.each([
    ["PUBLIC_URL", "ftp://example.com"],
    ["SMTP_URL", "http://mail.example.com"],
    ["AUTH_SECRET", "short"],
    ["ADMIN_EMAIL", "not-an-email"],
    ["ADMIN_PASSWORD", "short"],
    ["LOG_LEVEL", "loud"],
    ["NODE_ENV", "staging"],
  ])("names %s when it is invalid", (variable, value) => {
    expect(configError({ [variable]: value }).variable).toBe(variable);
  });

  it("generates the auth secret once, keeps it in the data directory, and reuses it", () => {
    const first = load({}).authSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(load({}).authSecret).toBe(first);
  });

  it("creates a missing data directory for the auth secret readable by its owner only", () => {
    const nested = path.join(dataDir, "new", "data");
    load({ DATA_DIR: nested });
    expect(statSync(nested).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(nested, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("reads UPLOAD_MAX_BYTES as a number of bytes", () => {
    expect(load({ UPLOAD_MAX_BYTES: "10485760" }).uploadMaxBytes).toBe(10 * 1024 * 1024);
  });

  it.each(["5MB", "1.5", "-1", "0", "1023", String(64 * 1024 * 1024 + 1)])(
    "refuses UPLOAD_MAX_BYTES=%s with one line naming it",
    (value) => {
      expect(configError({ UPLOAD_MAX_BYTES: value }).message).toBe(
        `UPLOAD_MAX_BYTES must be a whole number of bytes from 1024 to 67108864 (got "${value}")`,
      );
    },
  );

  describe("S3 storage", () => {
    const s3 = {
      S3_ENDPOINT: "https://s3.eu-central-1.amazonaws.com/",
      S3_BUCKET: "rentals-media",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "very-secret",
    };

    it("is used when every S3_* variable is set; public addresses default to path style", () => {
      expect(load(s3).s3).toEqual({
        endpoint: "https://s3.eu-central-1.amazonaws.com",
        bucket: "rentals-media",
        region: "eu-central-1",
        accessKeyId: "AKIAEXAMPLE",
        secretAccessKey: "very-secret",
        publicUrl: undefined,
      });
    });

    it("reads S3_PUBLIC_URL without its trailing slash", () => {
      expect(load({ ...s3, S3_PUBLIC_URL: "https://cdn.example.com/media/" }).s3?.publicUrl).toBe(
        "https://cdn.example.com/media",
      );
    });

    it.each(["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)(
      "names %s when it alone is missing",
      (missing) => {
        const error = configError({ ...s3, [missing]: undefined });
        expect(error.variable).toBe(missing);
        const first = missing === "S3_ENDPOINT" ? "S3_BUCKET" : "S3_ENDPOINT";
        expect(error.message).toBe(
          `${missing} must be set too when ${first} is set ` +
            "(S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)",
        );
      },
    );

    it("names the first missing variable when only S3_PUBLIC_URL is set", () => {
      expect(configError({ S3_PUBLIC_URL: "https://cdn.example.com" }).message).toMatch(
        /^S3_ENDPOINT must be set too when S3_PUBLIC_URL is set \(/,
      );
    });

    it.each([
      ["S3_ENDPOINT", "s3.amazonaws.com"],
      ["S3_ENDPOINT", "ftp://s3.example.com"],
      ["S3_PUBLIC_URL", "cdn.example.com"],
      ["S3_BUCKET", "Rentals_Media"],
    ])("names %s when it is %s", (variable, value) => {
      expect(configError({ ...s3, [variable]: value }).variable).toBe(variable);
    });
  });
});
