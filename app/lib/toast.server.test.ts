import { createCookieSessionStorage, type AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { WebFlashData, WebSessionData } from "./session.server";
import { flashToast, takeToast } from "./toast.server";

describe("toasts carried by the flash cookie", () => {
  it("survive one redirect and show once", async () => {
    const storage = createCookieSessionStorage<WebSessionData, WebFlashData>({ cookie: { name: "t", secrets: ["s"] } });
    const first = await storage.getSession();
    flashToast({ session: first } as AppLoadContext, { kind: "success", message: "Saved" });
    const cookie = await storage.commitSession(first);

    const next = await storage.getSession(cookie);
    expect(takeToast({ session: next } as AppLoadContext)).toEqual({ kind: "success", message: "Saved" });
    const after = await storage.getSession(await storage.commitSession(next));
    expect(takeToast({ session: after } as AppLoadContext)).toBeNull();
  });
});
