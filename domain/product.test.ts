import { describe, it, expect } from "vitest";
import { DEFAULT_PRODUCT_NAME, pageTitle } from "./product";

describe("pageTitle", () => {
  it("reads '{route title} | {product}'", () => {
    expect(DEFAULT_PRODUCT_NAME).toBe("Earshot");
    expect(pageTitle("Login")).toBe("Login | Earshot");
    expect(pageTitle("Inbox", "Acme Listen")).toBe("Inbox | Acme Listen");
  });

  it("handles blank parts", () => {
    expect(pageTitle("")).toBe("Earshot");
    expect(pageTitle("Login", "  ")).toBe("Login | Earshot");
  });
});
