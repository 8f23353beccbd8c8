import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConfirmDialog, UnsavedChangesDialog } from "./confirm-dialog";
import { SpinnerModal } from "./spinner";
import { Avatar } from "./avatar";
import { ToastMessage } from "./toast";
import { avatarFallbackColor } from "../../../domain/palette";

// Server rendering is what a visitor without JavaScript gets: the shared pieces must be complete there.
const text = (html: string) => html.replace(/&#x27;/g, "'").replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
const noop = () => undefined;

describe("shared UI pieces rendered on the server", () => {
  it("confirmation modal defaults", () => {
    const html = renderToString(<ConfirmDialog open onClose={noop} onConfirm={noop} />);
    expect(html).toContain('role="dialog"');
    expect(text(html)).toContain("Are you sure?");
    expect(text(html)).toContain("Do you want to deleted this item?");
    expect(text(html)).toContain("Confirm");
  });

  it("confirmation modal with a caller's message", () => {
    const html = renderToString(<ConfirmDialog open onClose={noop} message='Delete "<b>x</b>"?' />);
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
  });

  it("unsaved-changes modal texts and buttons in order", () => {
    const html = text(renderToString(<UnsavedChangesDialog open onCancel={noop} onDiscard={noop} onSave={noop} />));
    expect(html).toContain("Do you want to save the changes you made?");
    expect(html).toContain("Your changes will be lost if you don't save them.");
    expect(html.indexOf("Cancel")).toBeLessThan(html.indexOf("Don't save"));
    expect(html.indexOf("Don't save")).toBeLessThan(html.lastIndexOf("Save"));
  });

  it("a closed modal renders nothing", () => {
    expect(renderToString(<ConfirmDialog open={false} onClose={noop} />)).toBe("");
  });

  it("spinner modal reads 'Operation in progress...'", () => {
    expect(text(renderToString(<SpinnerModal open />))).toBe("Operation in progress...");
    expect(renderToString(<SpinnerModal open={false} />)).toBe("");
  });

  it("avatar shows initials on the fallback colour", () => {
    const html = renderToString(<Avatar name="ada lovelace" seed="ada@example.test" />);
    expect(text(html)).toBe("AL");
    expect(html).toContain(`background-color:${avatarFallbackColor("ada@example.test")}`);
    expect(text(renderToString(<Avatar name="" seed="x" />))).toBe("UN");
  });

  it("toast shows the flash message as text", () => {
    const html = renderToString(<ToastMessage toast={{ kind: "error", message: "<script>x</script>" }} />);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('role="status"');
  });
});
