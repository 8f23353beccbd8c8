import type { AppEnv } from "../../domain/constants";
import type { ApiClient } from "./api.server";
import type { WebSession } from "./session.server";

interface WebSettings {
  productName: string;
  appEnv: AppEnv;
  /** Served over https (PUBLIC_URL): cookies the page sets itself are Secure. */
  https: boolean;
}

/** What server.ts hands every loader and action (one per request). */
interface EarshotLoadContext {
  requestId: string;
  cspNonce: string;
  settings: WebSettings;
  session: WebSession;
  api: ApiClient;
  reportError(error: unknown): void;
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends EarshotLoadContext {}
  interface Future {
    v3_singleFetch: true;
  }
}
