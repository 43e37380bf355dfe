import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse } from "react-router";
import { getLogger } from "./lib/logger.server";
import { ServerRouter } from "react-router";
import { isCrossSiteWrite, logCrossSiteRefusal } from "./domain/auth/guard.server";
import { redactLinkPath } from "./domain/quotations/link-token";
import stylesheetHref from "./app.css?url";
import { injectBeforeHeadEnd, stylesheetTag } from "./lib/inline-stylesheet.server";
import { NonceProvider } from "./lib/nonce";
import { requestInfo } from "./lib/request-context";

export const streamTimeout = 5_000;

/**
 * Unexpected errors of loaders, actions and rendering; a 404 or a request the client gave up is not one, and
 * neither is React Router's refusal of another site's post (its Origin check, before any middleware): that is
 * one warning line, as our own refusals are.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isCrossSiteWrite(request)) return logCrossSiteRefusal(request);
  getLogger().error({ err: error, url: redactLinkPath(request.url) }, "request failed");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = requestInfo(loadContext).cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and pre-rendering get the whole document at once; browsers get it streamed.
    // So do pages whose route asks for it (handle.renderWhenReady): their streamed data must be in the HTML
    // itself, for browsers without JavaScript.
    const waitForData = routerContext.staticHandlerContext.matches.some(
      (m) =>
        (routerContext.routeModules[m.route.id]?.handle as { renderWhenReady?: boolean } | undefined)?.renderWhenReady,
    );
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || waitForData ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // With everything awaited, write each Suspense boundary in place rather than as a later swap.
        ...(readyOption === "onAllReady" ? { progressiveChunkSize: Number.MAX_SAFE_INTEGER } : {}),
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          // Production pages carry their style sheet inline (see inline-stylesheet.server.ts).
          const html = import.meta.env.DEV
            ? body
            : body.pipe(injectBeforeHeadEnd(stylesheetTag(stylesheetHref, nonce)));
          const stream = createReadableStreamFromReadable(html);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already streaming; log them, the error boundary shows the page.
          if (shellRendered) getLogger().error({ err: error, url: redactLinkPath(request.url) }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
