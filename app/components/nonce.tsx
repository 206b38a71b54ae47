import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** Provides the request's CSP nonce to components that render inline scripts. */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
