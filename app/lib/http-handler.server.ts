import { writeReadableStreamToWritable } from "@react-router/node";
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { contentSecurityPolicy, nonceSource, type CspOptions } from "./csp.server";
import { todayInDhaka } from "./dhaka-time";
import { getEnv } from "./env.server";
import type { Logger } from "./logger.server";
import { redactLinkPath } from "../domain/quotations/link-token";
import { createRequestContext } from "./request-context";
import {
  getCachedPage,
  isCacheableResponse,
  isPageCacheCandidate,
  matchesEtag,
  pageCacheKey,
  renderOnce,
  toCachedPage,
  type CachedPage,
} from "./page-cache.server";
import { formFieldWithNul, nulFieldMessage } from "./form-nul.server";
import { uploadLimits, uploadRouteFor } from "./upload-routes";

// Express in front of React Router: our own small adapter (in place of @react-router/express) so that a request
// body is bounded before anything parses it, and public pages go through the page cache (page-cache.server.ts).

/** Largest body of a form post or API call (DESIGN §8), and the most read of any request before routing. */
export const FORM_BODY_LIMIT = 100 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * The most bytes a post to `path` may carry: an exact upload route's (upload-routes.ts), whose body is streamed to
 * its action unread (streamBodyWithin), or the small form limit for every other path, read before routing.
 */
export function bodyLimitFor(path: string): number {
  const route = uploadRouteFor(path);
  return route ? uploadLimits(route, getEnv().uploadMaxBytes).bodyBytes : FORM_BODY_LIMIT;
}

/**
 * An upload route's body as a stream that reads nothing until its reader asks: the route's action checks the
 * signed-in user's permission first, so a post it refuses (anonymous, a customer, a role without the permission) is
 * answered without its body being read (issue 19). Errors with BodyTooLargeError once the bytes pass `limit`.
 * `detach` leaves the rest of the request alone (to be dropped after the answer); `bytesRead` is for the tests.
 */
export function streamBodyWithin(req: Readable & { headers: IncomingHttpHeaders }, limit: number) {
  let bytesRead = 0;
  let detach = () => {};
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const declared = Number(req.headers["content-length"]);
        if (Number.isFinite(declared) && declared > limit) return controller.error(new BodyTooLargeError(limit));
        const onData = (chunk: Buffer) => {
          bytesRead += chunk.length;
          if (bytesRead > limit) {
            detach();
            return controller.error(new BodyTooLargeError(limit));
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onError = (error: Error) => {
          detach();
          controller.error(error);
        };
        detach = () => {
          req.pause();
          req.off("data", onData);
          req.off("end", onEnd);
          req.off("error", onError);
        };
        // Paused before listening, so adding the listener does not start the flow: only pull() does.
        req.pause();
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onError);
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
      },
    },
    // No read-ahead: a chunk is taken from the socket only when the reader asks for one.
    { highWaterMark: 0 },
  );
  return { stream, bytesRead: () => bytesRead, detach: () => detach() };
}

/**
 * The whole body, or BodyTooLargeError as soon as it is known to be over `limit`: at once from Content-Length,
 * otherwise when the bytes read pass it. Nothing past the limit is kept in memory.
 */
export function readBodyWithin(req: ExpressRequest, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Nothing more is kept: what follows is dropped by refuseTooLarge after the 413.
        chunks.length = 0;
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/** After a 413, how long and how much of the rest of the body is read and thrown away before hanging up. */
const LINGER_MS = 1_000;
const LINGER_BYTES = 16 * 1024 * 1024;

function refuseTooLarge(req: ExpressRequest, res: ExpressResponse, error: BodyTooLargeError): void {
  res.status(413);
  res.setHeader("Cache-Control", "no-store");
  res.type("text/plain").send(`Request body too large (at most ${Math.round(error.limit / 1024)} KB).\n`);
  dropRest(req);
}

/**
 * The unread rest of a request answered without it: hanging up at once with unread bytes makes the kernel reset
 * the connection, and the client may never see the answer. So the rest is read and dropped (never kept) for a
 * moment, then the connection is closed.
 */
function dropRest(req: ExpressRequest): void {
  let discarded = 0;
  const hangUp = () => req.socket?.destroy();
  const timer = setTimeout(hangUp, LINGER_MS);
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) hangUp();
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  return headers;
}

/**
 * The address the visitor asked for. Protocol and host come from X-Forwarded-Proto and X-Forwarded-Host only
 * when the proxy is trusted (TRUST_PROXY), as Express decides in req.protocol and req.hostname.
 */
export function requestUrl(req: ExpressRequest): URL {
  const forwarded = req.app?.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
  const hostHeader = forwarded || req.get("host") || "";
  const port = /:(\d+)$/.exec(hostHeader)?.[1];
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/**
 * Whether the address carries a NUL character (%00) in its path or in a parameter's name or value (issue 38): no
 * screen takes one and PostgreSQL refuses it in text, so `?account=%00` answered 500. It is answered 400 before any
 * route sees it.
 */
export function addressCarriesNul(url: URL): boolean {
  if (safeDecode(url.pathname).includes("\0")) return true;
  for (const [name, value] of url.searchParams) if (name.includes("\0") || value.includes("\0")) return true;
  return false;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  body?: Buffer | ReadableStream<Uint8Array>,
  method = req.method,
): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const withBody = body !== undefined && method !== "GET" && method !== "HEAD";
  return new Request(requestUrl(req).href, {
    method,
    headers: requestHeaders(req),
    signal: controller.signal,
    ...(withBody
      ? body instanceof ReadableStream
        ? // A stream body is sent as it is read (undici's Request needs `duplex` for it).
          ({ body, duplex: "half" } as RequestInit)
        : { body: new Uint8Array(body) }
      : {}),
  });
}

/**
 * A route's headers onto Express's response: each cookie added, any other header replacing the server-wide
 * default of that name (a page's own Referrer-Policy over the site's, say), never doubled.
 */
function copyHeaders(res: ExpressResponse, response: Response, skip?: string): void {
  for (const [name, value] of response.headers.entries()) {
    if (name === skip) continue;
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  copyHeaders(res, response);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

function sendBuffered(res: ExpressResponse, response: Response, body: Buffer, head: boolean): void {
  res.statusMessage = response.statusText;
  res.status(response.status);
  copyHeaders(res, response, "content-length");
  res.setHeader("Content-Length", body.length);
  res.end(head ? undefined : body);
}

/** The stored encoding this request accepts, best first: brotli, gzip, or none. */
function storedEncoding(req: ExpressRequest): "br" | "gzip" | undefined {
  const accepted = req.get("Accept-Encoding") ?? "";
  if (/\bbr\b/i.test(accepted)) return "br";
  if (/\bgzip\b/i.test(accepted)) return "gzip";
  return undefined;
}

function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  if (page.csp) res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (matchesEtag(req.get("If-None-Match"), page.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = storedEncoding(req);
  const body = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.body;
  // Already compressed: the compression middleware leaves an encoded response alone.
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(page.status).end(req.method === "HEAD" ? undefined : body);
}

export interface HandlerOptions {
  /** The server build (in development, fresh from Vite for each request). */
  getBuild: () => ServerBuild | Promise<ServerBuild>;
  mode: "development" | "production";
  /** Whether public pages are cached (off in development, where pages change with the code). */
  pageCache: boolean;
  csp: CspOptions;
  /** What a page cache candidate is rendered with; taken out of (or replaced in) the HTML afterwards. */
  placeholderNonce: string;
  logger?: Pick<Logger, "warn">;
}

/** The Express handler: body limit, page cache, then React Router. */
export function createAppRequestHandler(options: HandlerOptions) {
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handlerFor = async () => {
    const build = await options.getBuild();
    let handler = handlers.get(build);
    if (!handler) handlers.set(build, (handler = createRequestHandler(build, options.mode)));
    return handler;
  };
  const loadContext = (req: ExpressRequest, _res: ExpressResponse, nonce: string) =>
    createRequestContext({ cspNonce: nonce, clientAddress: req.ip ?? "" });

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      if (addressCarriesNul(requestUrl(req))) {
        res.status(400).setHeader("Cache-Control", "no-store");
        res.type("text/plain").send("The address holds a NUL character (%00): no page takes one.\n");
        if (!req.readableEnded) dropRest(req);
        return;
      }
      const handle = await handlerFor();
      const nonce = res.locals.cspNonce as string;
      const candidate =
        options.pageCache && isPageCacheCandidate({ method: req.method, path: req.path, cookie: req.get("Cookie") });

      if (!candidate) {
        const write = req.method !== "GET" && req.method !== "HEAD";
        const upload = write ? uploadRouteFor(req.path) : null;
        if (upload) {
          // Not read here: the route reads it after the user's permission is known (upload-form.server.ts).
          const body = streamBodyWithin(req, uploadLimits(upload, getEnv().uploadMaxBytes).bodyBytes);
          const response = await handle(toFetchRequest(req, res, body.stream), loadContext(req, res, nonce));
          if (!req.readableEnded) {
            // Answered without reading it all (refused, or over its limit): the rest is dropped, never kept.
            body.detach();
            res.once("finish", () => dropRest(req));
          }
          return await sendResponse(res, response);
        }
        let body: Buffer | undefined;
        if (write) {
          try {
            body = await readBodyWithin(req, FORM_BODY_LIMIT);
          } catch (error) {
            if (error instanceof BodyTooLargeError) return refuseTooLarge(req, res, error);
            throw error;
          }
          const nulField = await formFieldWithNul(body, req.get("content-type") ?? "");
          if (nulField !== null) {
            res.status(400).setHeader("Cache-Control", "no-store");
            res.type("text/plain").send(`${nulFieldMessage(nulField)}\n`);
            return;
          }
        }
        const response = await handle(toFetchRequest(req, res, body), loadContext(req, res, nonce));
        return await sendResponse(res, response);
      }

      const head = req.method === "HEAD";
      const cacheKey = pageCacheKey(req.originalUrl, todayInDhaka());
      const stored = getCachedPage(cacheKey);
      if (stored) return sendCachedPage(req, res, stored);

      // Rendered with the placeholder nonce: the response is either kept (nonces out, script hashes in) or, if
      // not cacheable, sent to this visitor alone with their own nonce in place of the placeholder.
      let own: { response: Response; body: Buffer } | undefined;
      const render = async (): Promise<CachedPage | null> => {
        const response = await handle(
          toFetchRequest(req, res, undefined, "GET"),
          loadContext(req, res, options.placeholderNonce),
        );
        const body = Buffer.from(await response.arrayBuffer());
        if (isCacheableResponse(response)) {
          const page = toCachedPage(response, body, options.placeholderNonce, options.csp);
          if (page) return page;
          options.logger?.warn(
            { url: redactLinkPath(req.originalUrl) },
            "page not cached: its nonce appears outside a nonce attribute",
          );
        }
        own = { response, body };
        return null;
      };
      const page = await renderOnce(cacheKey, render);
      if (page) return sendCachedPage(req, res, page);
      // Another request's render was not cacheable: render this one for this visitor.
      if (!own) await render();
      const { response, body } = own!;
      const personal = Buffer.from(body.toString("utf8").split(options.placeholderNonce).join(nonce), "utf8");
      res.setHeader("Content-Security-Policy", contentSecurityPolicy([nonceSource(nonce)], options.csp));
      sendBuffered(res, response, isText(response) ? personal : body, head);
    } catch (error) {
      next(error);
    }
  };
}

function isText(response: Response): boolean {
  return /^(?:text\/|application\/(?:json|xml))/.test(response.headers.get("Content-Type") ?? "");
}
