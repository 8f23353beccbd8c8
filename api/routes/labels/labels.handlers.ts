import type { ApiApp } from "../../env";

/** Registered by api/app.ts; filled in by the issue-6 work (ADR 014). */
export function registerLabelRoutes(app: ApiApp) {
  void app;
}
