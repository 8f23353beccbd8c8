import { describe, expect, it } from "vitest";
import { shellChangesBetween, shellParams } from "./shell-params";

const url = (path: string) => new URL(path, "http://web.test");

describe("shellParams", () => {
  it("reads a shared link's viewer, the Templates modal and the full notifications list from the address", () => {
    expect(shellParams(new URLSearchParams("shared_link_code=abc"))).toEqual({
      isSharedView: true,
      templatesDialogOpen: false,
      allNotifications: false,
    });
    expect(shellParams(new URLSearchParams("dialog=templates&template=3"))).toEqual({
      isSharedView: false,
      templatesDialogOpen: true,
      allNotifications: false,
    });
    expect(shellParams(new URLSearchParams("dialog=shortcuts&notifications=open"))).toEqual({
      isSharedView: false,
      templatesDialogOpen: false,
      allNotifications: false,
    });
    expect(shellParams(new URLSearchParams("notifications=all"))).toEqual({
      isSharedView: false,
      templatesDialogOpen: false,
      allNotifications: true,
    });
  });
});

describe("shellChangesBetween", () => {
  it("keeps the shell while the same screen changes its filters, paging or open item", () => {
    expect(shellChangesBetween(url("/inbox"), url("/inbox?source=stream-4"))).toBe(false);
    expect(shellChangesBetween(url("/inbox?source=stream-4"), url("/inbox?source=stream-4&item=12&offset=15"))).toBe(
      false,
    );
    expect(
      shellChangesBetween(url("/inbox?dialog=templates"), url("/inbox?dialog=templates&template_search=refund")),
    ).toBe(false);
    expect(shellChangesBetween(url("/inbox?notifications=all"), url("/inbox?notifications=all&page=2"))).toBe(false);
  });

  it("loads it again on another screen, when the Templates modal opens or closes, for all notifications, and for a shared link", () => {
    expect(shellChangesBetween(url("/inbox"), url("/search"))).toBe(true);
    expect(shellChangesBetween(url("/inbox"), url("/inbox?dialog=templates"))).toBe(true);
    expect(shellChangesBetween(url("/inbox?dialog=templates&mode=select"), url("/inbox?item=3"))).toBe(true);
    expect(shellChangesBetween(url("/inbox"), url("/inbox?notifications=all"))).toBe(true);
    expect(shellChangesBetween(url("/?range=7d"), url("/?range=7d&shared_link_code=abc"))).toBe(true);
  });
});
