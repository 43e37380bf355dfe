// What server.ts hands every loader and action besides the request.
declare module "react-router" {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response. */
    cspNonce: string;
    /** The client's IP address as Express sees it (req.ip; "" when unknown), for per-client rate limits. */
    clientAddress: string;
  }
}

export {};
