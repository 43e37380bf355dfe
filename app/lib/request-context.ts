import { createContext, RouterContextProvider, type RouterContext } from "react-router";

/** What the HTTP layer (http-handler.server.ts) hands every middleware, loader and action besides the request. */
export interface RequestInfo {
  /** The Content-Security-Policy nonce of this response. */
  cspNonce: string;
  /** The client's IP address as Express sees it (req.ip; "" when unknown), for per-client limits and the audit log. */
  clientAddress: string;
}

// One key per process, kept on globalThis: the HTTP entry (build/server.js) and the app's server build are
// bundled apart, each with its own copy of this module, and a context is found by the identity of its key.
// A default, so a loader called directly by a test with an empty context reads blanks instead of throwing.
const shared = Symbol.for("app.requestInfoContext");
type WithContext = typeof globalThis & { [shared]?: RouterContext<RequestInfo> };
export const requestInfoContext: RouterContext<RequestInfo> = ((globalThis as WithContext)[shared] ??=
  createContext<RequestInfo>({ cspNonce: "", clientAddress: "" }));

export function createRequestContext(info: Partial<RequestInfo> = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { cspNonce: "", clientAddress: "", ...info });
  return context;
}

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
