/**
 * The HTTP entry: configuration, database, Express with security headers, compression, request logs,
 * static assets, /healthz and the React Router request handler; a clean stop on SIGTERM and SIGINT.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { Database } from "./app/db/client.server";
import { DatabaseConnectError } from "./app/db/client.server";
import { prepareDatabase } from "./app/db/setup.server";
import { startControlSocket, type ControlSocket } from "./app/domain/backup/control-socket.server";
import { createBackup } from "./app/domain/backup/create-backup.server";
import { startEmailSender } from "./app/domain/email/sender.server";
import { appRoot } from "./app/lib/app-root.server";
import { contentSecurityPolicy, nonceSource, type CspOptions } from "./app/lib/csp.server";
import { createAppRequestHandler } from "./app/lib/http-handler.server";
import { startPublicDataSync, type PublicDataSync } from "./app/lib/public-data-sync.server";
import { ConfigError, loadEnv, setEnv, type Env } from "./app/lib/env.server";
import { redactLinkPath } from "./app/domain/quotations/link-token";
import { createLogger, getLogger, setLogger, type Logger } from "./app/lib/logger.server";
import { createMediaHandler, MEDIA_PATH } from "./app/lib/storage/media-handler.server";
import { getStorage, storageImageSources } from "./app/lib/storage/storage.server";

function fail(message: string): never {
  process.stderr.write(`Cannot start: ${message}\n`);
  process.exit(1);
}

function cspOptions(env: Env): CspOptions {
  return {
    development: env.nodeEnv === "development",
    https: env.publicUrl.startsWith("https:"),
    imageSources: storageImageSources(env),
  };
}

/**
 * Helmet's headers, and a fresh nonce and the Content-Security-Policy that allows it for every response (a
 * page served from the page cache replaces the policy with its scripts' hashes: csp.server.ts).
 */
function securityHeaders(env: Env): RequestHandler[] {
  const https = env.publicUrl.startsWith("https:");
  const csp = cspOptions(env);
  return [
    (_req, res, next) => {
      const nonce = randomBytes(16).toString("base64");
      res.locals.cspNonce = nonce;
      res.setHeader("Content-Security-Policy", contentSecurityPolicy([nonceSource(nonce)], csp));
      next();
    },
    helmet({
      contentSecurityPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: "deny" },
    }),
  ];
}

async function reactRouterHandler(env: Env): Promise<{ handler: RequestHandler; vite?: { close(): Promise<void> } }> {
  // Unguessable, so no page text can contain it by chance; what candidates for the page cache are rendered with.
  const placeholderNonce = randomBytes(18).toString("base64url");
  const common = { csp: cspOptions(env), placeholderNonce, logger: getLogger() };
  if (env.nodeEnv === "development") {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    const router = express.Router();
    router.use(vite.middlewares);
    const handler = createAppRequestHandler({
      ...common,
      mode: "development",
      pageCache: false,
      getBuild: async () => {
        try {
          return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
        } catch (error) {
          if (error instanceof Error) vite.ssrFixStacktrace(error);
          throw error;
        }
      },
    });
    router.use((req, res, next) => void handler(req, res, next));
    return { handler: router, vite };
  }
  const buildDir = path.join(appRoot(), "build");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const router = express.Router();
  // Hashed file names never change content: cache them for a year.
  router.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  router.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
  const handler = createAppRequestHandler({ ...common, mode: "production", pageCache: true, getBuild: () => build });
  router.use((req, res, next) => void handler(req, res, next));
  return { handler: router };
}

export async function startServer(): Promise<{ server: Server; stop: (signal?: string) => Promise<void> }> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) fail(`environment variable ${error.message}`);
    throw error;
  }
  setEnv(env);
  const logger: Logger = createLogger(env);
  setLogger(logger);

  let database: Database;
  try {
    database = await prepareDatabase(env, logger);
  } catch (error) {
    if (error instanceof DatabaseConnectError) fail(error.message);
    throw error;
  }
  const emailSender = startEmailSender({ logger });
  // On PGlite this process holds the data directory: `npm run db:backup` asks it for the backup (ADR 0034). A socket
  // that cannot be made (a DATA_DIR path longer than a socket's 107 bytes) costs the CLI's backups, not the site.
  const controlSocket: ControlSocket | undefined =
    database.kind === "pglite"
      ? await startControlSocket({
          dataDir: env.dataDir,
          backup: async (file) => {
            const result = await createBackup({ database, storage: getStorage(), file });
            logger.info({ file: result.file, size: result.size }, "backup written");
            return result;
          },
          onError: (error) => logger.error({ err: error }, "backup failed"),
        }).catch((error: unknown) => {
          logger.warn({ err: error }, "no control socket: npm run db:backup cannot reach this server");
          return undefined;
        })
      : undefined;
  // With PostgreSQL other app servers may share the database: tell them of changes to public data at once.
  const publicDataSync: PublicDataSync | undefined =
    env.databaseUrl && database.pool
      ? startPublicDataSync({ databaseUrl: env.databaseUrl, pool: database.pool, logger })
      : undefined;

  const app = express();
  app.disable("x-powered-by");
  // TRUST_PROXY (default loopback): whose X-Forwarded-For/-Proto/-Host make req.ip, req.protocol, req.host.
  app.set("trust proxy", env.trustProxy);
  app.use(securityHeaders(env));
  app.use(compression());
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => (req.url ?? "").startsWith("/assets/") || req.url === "/healthz" },
      // One short line per request: no headers (they carry cookies and repeat the CSP).
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactLinkPath(req.url),
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.get("/healthz", async (_req, res) => {
    try {
      await database.ping();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.kind });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: database.kind });
    }
  });

  // Uploaded files kept in DATA_DIR/media; from an S3 bucket browsers fetch them at the bucket's address instead.
  if (!env.s3) app.use(MEDIA_PATH, createMediaHandler(getStorage));

  const { handler, vite } = await reactRouterHandler(env);
  app.use(handler);

  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(env.port, env.host, () => resolve(s));
    s.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") fail(`PORT ${env.port} is already in use on ${env.host}`);
      if (error.code === "EACCES") fail(`PORT ${env.port} needs more privileges than this user has`);
      fail(`cannot listen on ${env.host}:${env.port} (${error.message})`);
    });
  });
  logger.info({ url: env.publicUrl, host: env.host, port: env.port, mode: env.nodeEnv }, "server listening");

  let stopping: Promise<void> | undefined;
  const stop = (signal?: string) =>
    (stopping ??= (async () => {
      logger.info({ signal }, "shutting down");
      // Stop accepting; let requests in flight finish, finish an e-mail run, close the database: all within 10 s
      // (issue 39), so a request still running after 8 s is cut, leaving 2 s for the rest.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timeout = setTimeout(() => server.closeAllConnections(), 8_000);
      await closed;
      clearTimeout(timeout);
      await vite?.close();
      await controlSocket?.close();
      await emailSender.stop();
      await publicDataSync?.stop();
      await database.close();
      logger.info("stopped");
    })());

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, "error while shutting down");
          process.exit(1);
        },
      );
    });
  }
  return { server, stop };
}

await startServer();
