import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  apertiumCodeToIso1,
  createApertiumTranslator,
  createTranslator,
  modesByPair,
  TRANSLATION_UNAVAILABLE_MESSAGE,
  TranslationUnavailableError,
} from "./index";

// ── A LibreTranslate-compatible server on 127.0.0.1 (a service outside the product) ──────────────
const LT_LANGUAGES = [
  { code: "en", name: "English", targets: ["fr", "de"] },
  { code: "fr", name: "French", targets: ["en"] },
  { code: "de", name: "German", targets: ["en"] },
];
const LT_DICTIONARY: Record<string, string> = { "en-fr:Good morning": "Bonjour", "fr-en:Bonjour": "Good morning" };

interface Seen {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
}
let server: http.Server;
let ltUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      seen.push({ method: req.method ?? "", url: req.url ?? "", body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.method === "GET" && req.url === "/languages") return send(200, LT_LANGUAGES);
      if (req.method !== "POST" || req.url !== "/translate" || !body) return send(404, { error: "Not Found" });
      if (body.q === "hang") return; // never answers: the client's timeout must fire
      if (body.q === "crash") return send(500, { error: "Internal Server Error" });
      if (body.api_key !== undefined && body.api_key !== "secret") return send(403, { error: "Invalid API key" });
      const source = body.source === "auto" ? "fr" : String(body.source); // "detects" French
      const source_ = LT_LANGUAGES.find((l) => l.code === source);
      if (!source_) return send(400, { error: `${source} is not supported` });
      if (!LT_LANGUAGES.some((l) => l.code === body.target)) {
        return send(400, { error: `${String(body.target)} is not supported` });
      }
      if (!source_.targets.includes(String(body.target))) {
        return send(400, {
          error: `German (de) is not available as a target language from ${source_.name} (${source})`,
        });
      }
      const key = `${source}-${String(body.target)}:${String(body.q)}`;
      send(200, { translatedText: LT_DICTIONARY[key] ?? `[${String(body.target)}] ${String(body.q)}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  ltUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

// ── Apertium: real when installed (scripts/install-test-deps.sh installs apertium apertium-eng-spa) ──
const apertiumModes = (() => {
  const result = spawnSync("apertium", ["-l"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.split("\n").map((line) => line.trim()) : [];
})();
const hasApertiumEngSpa = apertiumModes.includes("eng-spa") && apertiumModes.includes("spa-eng");

// A stand-in apertium executable so that the spawn path is tested whether or not Debian's is installed.
let tempDir: string;
let fakeApertium: string;
beforeAll(() => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-apertium-"));
  fakeApertium = path.join(tempDir, "apertium");
  fs.writeFileSync(
    fakeApertium,
    [
      "#!/bin/sh",
      'if [ "$1" = "-l" ]; then printf "  eng-fra\\n  fra-eng\\n  eng-spa\\n  eng-deu\\n  eng-ita\\n"; exit 0; fi',
      'if [ "$2" = "eng-deu" ]; then echo "broken mode" >&2; exit 3; fi',
      'if [ "$2" = "eng-ita" ]; then sleep 30; fi',
      "tr 'a-z' 'A-Z' < \"$3\"",
    ].join("\n"),
    { mode: 0o755 },
  );
});
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

async function expectUnavailable(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TranslationUnavailableError);
  expect((error as Error).message).toBe("translation not available for this language pair");
}

describe("createTranslator", () => {
  it("returns the text unchanged when both languages are the same", async () => {
    const translator = createTranslator({ translateUrl: ltUrl });
    await expect(translator.translate({ text: "Hello", from: "en", to: "EN" })).resolves.toEqual({
      text: "Hello",
      provider: "none",
    });
    expect(seen).toHaveLength(0);
  });

  it("says 'translation not available for this language pair' without LibreTranslate (ja → nl)", async () => {
    expect(TRANSLATION_UNAVAILABLE_MESSAGE).toBe("translation not available for this language pair");
    await expectUnavailable(createTranslator({}).translate({ text: "こんにちは", from: "ja", to: "nl" }));
    await expectUnavailable(
      createTranslator({ apertiumBin: path.join(tempDir, "missing") }).translate({ text: "Hi", from: "en", to: "es" }),
    );
    await expectUnavailable(createTranslator({ apertiumBin: false }).translate({ text: "Hi", from: "en", to: "es" }));
  });
});

describe("LibreTranslate provider (TRANSLATE_URL)", () => {
  it("posts q, source, target, format and api_key and reads translatedText", async () => {
    const translator = createTranslator({ translateUrl: `${ltUrl}/`, apiKey: "secret", apertiumBin: false });
    await expect(translator.translate({ text: "Good morning", from: "en", to: "fr" })).resolves.toEqual({
      text: "Bonjour",
      provider: "libretranslate",
    });
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/translate",
        body: { q: "Good morning", source: "en", target: "fr", format: "text", api_key: "secret" },
      },
    ]);
  });

  it("sends source 'auto' when the language is undetermined, and no api_key when none is set", async () => {
    const translator = createTranslator({ translateUrl: ltUrl, apertiumBin: false });
    await expect(translator.translate({ text: "Bonjour", from: "und", to: "en" })).resolves.toEqual({
      text: "Good morning",
      provider: "libretranslate",
    });
    expect(seen[0].body).toEqual({ q: "Bonjour", source: "auto", target: "en", format: "text" });
  });

  it("maps the server's 400 'not supported' / 'not available' answers to TranslationUnavailableError", async () => {
    const translator = createTranslator({ translateUrl: ltUrl, apertiumBin: false });
    await expectUnavailable(translator.translate({ text: "こんにちは", from: "ja", to: "nl" }));
    await expectUnavailable(translator.translate({ text: "Hallo", from: "de", to: "fr" }));
  });

  it("reports other failures as plain errors, not as an unavailable pair", async () => {
    const translator = createTranslator({ translateUrl: ltUrl, apiKey: "wrong", apertiumBin: false });
    const forbidden = await translator.translate({ text: "Hi", from: "en", to: "fr" }).catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(Error);
    expect(forbidden).not.toBeInstanceOf(TranslationUnavailableError);
    expect((forbidden as Error).message).toMatch(/403: Invalid API key/);

    const crash = await createTranslator({ translateUrl: ltUrl, apertiumBin: false })
      .translate({ text: "crash", from: "en", to: "fr" })
      .catch((e: unknown) => e);
    expect(crash).not.toBeInstanceOf(TranslationUnavailableError);
    expect((crash as Error).message).toMatch(/500/);
  });

  it("times out a server that does not answer", async () => {
    const translator = createTranslator({ translateUrl: ltUrl, apertiumBin: false, timeoutMs: 200 });
    const started = Date.now();
    const error = await translator.translate({ text: "hang", from: "en", to: "fr" }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/timed out after 200 ms/);
    expect(error).not.toBeInstanceOf(TranslationUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reports an unreachable server as an error", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const translator = createTranslator({ translateUrl: `http://127.0.0.1:${port}`, apertiumBin: false });
    await expect(translator.translate({ text: "Hi", from: "en", to: "fr" })).rejects.toThrow(/unreachable/);
  });

  it("uses the given fetch implementation", async () => {
    const calls: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ translatedText: "Hola" }), { status: 200 });
    };
    const translator = createTranslator({ translateUrl: "http://lt.invalid", fetchImpl, apertiumBin: false });
    await expect(translator.translate({ text: "Hello", from: "en", to: "es" })).resolves.toEqual({
      text: "Hola",
      provider: "libretranslate",
    });
    expect(calls).toEqual(["http://lt.invalid/translate"]);
  });

  it("lists the server's pairs", async () => {
    const translator = createTranslator({ translateUrl: ltUrl, apertiumBin: false });
    await expect(translator.pairs!()).resolves.toEqual([
      { from: "de", to: "en" },
      { from: "en", to: "de" },
      { from: "en", to: "fr" },
      { from: "fr", to: "en" },
    ]);
  });
});

describe("apertium provider (spawned, no shell)", () => {
  it("maps mode names to ISO 639-1 pairs, preferring plain modes to variants", () => {
    expect(apertiumCodeToIso1("eng")).toBe("en");
    expect(apertiumCodeToIso1("spa")).toBe("es");
    expect(apertiumCodeToIso1("gl")).toBe("gl");
    expect(apertiumCodeToIso1("szl")).toBeUndefined();
    const modes = modesByPair(["spa-eng_US", "  spa-eng", "eng-spa", "es-pt", "pol-szl", "eng-spa-tagger", ""]);
    expect(Object.fromEntries(modes)).toEqual({ "es-en": "spa-eng", "en-es": "eng-spa", "es-pt": "es-pt" });
    expect(Object.fromEntries(modesByPair(["oci_aran-cat"]))).toEqual({ "oc-ca": "oci_aran-cat" });
  });

  it("runs the installed mode on the text and lists its pairs", async () => {
    const translator = createTranslator({ apertiumBin: fakeApertium });
    await expect(translator.translate({ text: "héllo\nworld", from: "en", to: "fr" })).resolves.toEqual({
      text: "HéLLO\nWORLD",
      provider: "apertium",
    });
    await expect(translator.pairs!()).resolves.toEqual([
      { from: "en", to: "de" },
      { from: "en", to: "es" },
      { from: "en", to: "fr" },
      { from: "en", to: "it" },
      { from: "fr", to: "en" },
    ]);
    await expectUnavailable(translator.translate({ text: "hi", from: "fr", to: "es" }));
  });

  it("reports a failing run and kills a run that exceeds the timeout", async () => {
    const provider = createApertiumTranslator({ bin: fakeApertium, timeoutMs: 300 });
    await expect(provider.translate({ text: "hi", from: "en", to: "de" })).rejects.toThrow(/exit 3\): broken mode/);
    const started = Date.now();
    await expect(provider.translate({ text: "hi", from: "en", to: "it" })).rejects.toThrow(/timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("uses LibreTranslate first and apertium for the pairs LibreTranslate lacks or fails on", async () => {
    const translator = createTranslator({ translateUrl: ltUrl, apertiumBin: fakeApertium });
    await expect(translator.translate({ text: "ok", from: "en", to: "fr" })).resolves.toEqual({
      text: "[fr] ok",
      provider: "libretranslate",
    });
    await expect(translator.translate({ text: "ok", from: "en", to: "es" })).resolves.toEqual({
      text: "OK",
      provider: "apertium",
    });
    await expect(translator.translate({ text: "crash", from: "en", to: "es" })).resolves.toEqual({
      text: "CRASH",
      provider: "apertium",
    });
    // Neither can: the server's breakage is reported rather than hidden behind "not available".
    await expect(translator.translate({ text: "crash", from: "en", to: "ja" })).rejects.toThrow(/500/);
    await expectUnavailable(translator.translate({ text: "ok", from: "ja", to: "nl" }));
  });

  it.skipIf(!hasApertiumEngSpa)(
    "translates English ↔ Spanish with Debian's apertium (skipped when `apertium` with apertium-eng-spa is not installed; scripts/install-test-deps.sh installs it)",
    async () => {
      const translator = createTranslator({});
      const en = await translator.translate({ text: "I like cats.\nThe house is big.", from: "en", to: "es" });
      expect(en).toEqual({ text: "Me gustan los gatos.\nLa casa es grande.", provider: "apertium" });
      const es = await translator.translate({ text: "La casa es grande.", from: "es", to: "en" });
      expect(es).toEqual({ text: "The house is big.", provider: "apertium" });
      await expect(translator.pairs!()).resolves.toEqual(
        expect.arrayContaining([
          { from: "en", to: "es" },
          { from: "es", to: "en" },
        ]),
      );
      await expectUnavailable(translator.translate({ text: "こんにちは", from: "ja", to: "nl" }));
    },
  );
});
