import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of this response, handed from entry.server to the document's scripts.
// In the browser it is "" (browsers hide nonce values from the DOM), which is what React expects.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
