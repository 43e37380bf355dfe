import { createContext, RouterContextProvider } from "react-router";

/** What the HTTP layer (http-handler.server.ts) hands every middleware, loader and action besides the request. */
export interface RequestInfo {
  /** The Content-Security-Policy nonce of this response. */
  cspNonce: string;
  /** The client's IP address as Express sees it (req.ip; "" when unknown), for per-client limits and the audit log. */
  clientAddress: string;
}

// A default, so a loader called directly by a test with an empty context reads blanks instead of throwing.
export const requestInfoContext = createContext<RequestInfo>({ cspNonce: "", clientAddress: "" });

export function createRequestContext(info: Partial<RequestInfo> = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { cspNonce: "", clientAddress: "", ...info });
  return context;
}

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
