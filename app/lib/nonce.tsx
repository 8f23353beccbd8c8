import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/** The request's CSP nonce on the server; empty in the browser (it is not needed after load). */
export function useNonce(): string {
  return useContext(NonceContext);
}
