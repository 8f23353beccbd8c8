import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { pinnedLookup } from "./http";
import { blockedAddressKind, checkTargetAllowed, hostAllowed, resolveTarget } from "./target";

describe("blockedAddressKind", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.0.9", "a loopback address"],
    ["10.0.0.1", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["169.254.169.254", "a link-local address"],
    ["0.0.0.0", "an unspecified (this-network) address"],
    ["100.64.0.1", "a shared (carrier-grade NAT) address"],
    ["224.0.0.251", "a multicast address"],
    ["255.255.255.255", "a reserved address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fc00::1", "a private (unique local) address"],
    ["fd12:3456::1", "a private (unique local) address"],
    ["fe80::1%eth0", "a link-local address"],
    ["ff02::1", "a multicast address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::ffff:a9fe:a9fe", "a link-local address"],
    ["::ffff:10.1.2.3", "a private address"],
    ["::127.0.0.1", "a loopback address"],
    ["64:ff9b::a00:1", "a private address"],
    ["2002:c0a8:0101::1", "a private address"],
  ])("%s is %s", (address, kind) => {
    expect(blockedAddressKind(address)).toBe(kind);
  });

  it.each([
    "93.184.216.34",
    "172.32.0.1",
    "1.1.1.1",
    "2606:4700:4700::1111",
    "::ffff:93.184.216.34",
    "2002:5db8:d822::1",
  ])("%s is public", (address) => {
    expect(blockedAddressKind(address)).toBeNull();
  });
});

describe("checkTargetAllowed", () => {
  it("refuses loopback, private, link-local, IPv6 loopback and localhost (literal IPs need no DNS)", async () => {
    for (const url of [
      "http://127.0.0.1:8080/feed",
      "http://10.0.0.1/feed",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/feed",
      "http://[::ffff:127.0.0.1]/feed",
      "http://localhost/feed",
      "http://LOCALHOST./feed",
      "http://api.localhost/feed",
      "http://0.0.0.0/",
      "http://2130706433/",
      "http://0x7f.1/",
    ]) {
      const result = await checkTargetAllowed(url, []);
      expect(result.ok, url).toBe(false);
    }
    expect(await checkTargetAllowed("http://10.0.0.1/feed", [])).toEqual({
      ok: false,
      reason: "The address 10.0.0.1 is not allowed: it is a private address",
    });
  });

  it("refuses other schemes and invalid URLs", async () => {
    expect(await checkTargetAllowed("file:///etc/passwd", [])).toEqual({
      ok: false,
      reason: "Only http and https addresses are allowed, not file",
    });
    expect((await checkTargetAllowed("gopher://example.com/", ["example.com"])).ok).toBe(false);
    expect((await checkTargetAllowed("not a url", [])).ok).toBe(false);
  });

  it("lets allow-listed hosts through, by host or host:port", async () => {
    expect(await checkTargetAllowed("http://127.0.0.1:8080/feed", ["127.0.0.1"])).toEqual({ ok: true });
    expect(await checkTargetAllowed("http://127.0.0.1:8080/feed", ["127.0.0.1:8080"])).toEqual({ ok: true });
    expect((await checkTargetAllowed("http://127.0.0.1:9090/feed", ["127.0.0.1:8080"])).ok).toBe(false);
    expect(await checkTargetAllowed("http://[::1]:81/", ["[::1]"])).toEqual({ ok: true });
  });

  it("checks every address a name resolves to", async () => {
    const lookup = async (): Promise<LookupAddress[]> => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.1.1.1", family: 4 },
    ];
    expect(await resolveTarget("https://mixed.example/feed", [], lookup)).toEqual({
      ok: false,
      reason: "The host mixed.example is not allowed: it resolves to 10.1.1.1, a private address",
    });
    const publicOnly = async (): Promise<LookupAddress[]> => [{ address: "93.184.216.34", family: 4 }];
    expect(await resolveTarget("https://news.example/feed", [], publicOnly)).toEqual({
      ok: true,
      addresses: [{ address: "93.184.216.34", family: 4 }],
    });
    const failing = async (): Promise<LookupAddress[]> => {
      throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
    };
    expect(await resolveTarget("https://gone.example/feed", [], failing)).toEqual({
      ok: false,
      reason: "The host gone.example could not be resolved (ENOTFOUND)",
    });
  });
});

describe("hostAllowed", () => {
  it("matches hosts, ports, IPv6 brackets and subdomain wildcards", () => {
    const url = (u: string) => new URL(u);
    expect(hostAllowed(url("https://Feeds.Example.com/x"), ["feeds.example.com"])).toBe(true);
    expect(hostAllowed(url("https://feeds.example.com/x"), ["feeds.example.com:443"])).toBe(true);
    expect(hostAllowed(url("http://feeds.example.com/x"), ["feeds.example.com:443"])).toBe(false);
    expect(hostAllowed(url("https://a.b.example.com/x"), ["*.example.com"])).toBe(true);
    expect(hostAllowed(url("https://example.com/x"), ["*.example.com"])).toBe(false);
    expect(hostAllowed(url("https://evil-example.com/x"), ["example.com"])).toBe(false);
    expect(hostAllowed(url("http://[::1]:8080/"), ["::1"])).toBe(true);
    expect(hostAllowed(url("http://[::1]:8080/"), ["[::1]:8080"])).toBe(true);
  });
});

describe("pinnedLookup", () => {
  const addresses: LookupAddress[] = [
    { address: "93.184.216.34", family: 4 },
    { address: "2606:2800:220:1::1", family: 6 },
  ];
  const call = (options: object) =>
    new Promise<unknown[]>((resolve) => {
      const lookup = pinnedLookup(addresses) as unknown as (
        h: string,
        o: object,
        cb: (...args: unknown[]) => void,
      ) => void;
      lookup("news.example", options, (...args) => resolve(args));
    });

  it("answers only with the checked addresses, in both callback shapes", async () => {
    expect(await call({ all: true })).toEqual([null, addresses]);
    expect(await call({})).toEqual([null, "93.184.216.34", 4]);
    expect(await call({ family: 6 })).toEqual([null, "2606:2800:220:1::1", 6]);
    expect(await call({ family: "IPv6", all: true })).toEqual([null, [addresses[1]]]);
    const v4Only = pinnedLookup([addresses[0]]) as unknown as (h: string, o: object, cb: (e: unknown) => void) => void;
    const error = await new Promise((resolve) => v4Only("news.example", { family: 6 }, resolve));
    expect(error).toMatchObject({ code: "ENOTFOUND" });
  });
});
