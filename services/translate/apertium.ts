// Debian's apertium (rule-based, offline) for the pairs installed as apertium-xxx-yyy packages.
// `apertium -l` lists the installed modes ("eng-spa", "es-pt", "spa-eng_US"); a mode's codes are ISO 639-1
// or ISO 639-3, mapped here to the ISO 639-1 codes the product stores. Each translation runs
// `apertium -u <mode> <file>` without a shell, result on stdout, killed after the timeout.
//
// The text goes through a private temporary file (0600, removed afterwards), not stdin: the apertium
// script opens its input by name (/dev/stdin by default), and Node's child stdin is a socket, which
// /dev/stdin cannot be opened on (ENXIO).
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  DEFAULT_TRANSLATE_TIMEOUT_MS,
  TranslationUnavailableError,
  type TranslationPair,
  type TranslationProvider,
} from "./types";

export interface ApertiumOptions {
  /** Executable name or path (default "apertium" on PATH). */
  bin?: string;
  timeoutMs?: number;
}

/** ISO 639-3 codes (and a few macro-language codes) Apertium's modes use, with their ISO 639-1 code. */
const ISO3_TO_ISO1: ReadonlyMap<string, string> = new Map(
  [
    "afr:af amh:am ara:ar arg:an aze:az bak:ba bel:be ben:bn bos:bs bre:br bul:bg cat:ca ces:cs cos:co",
    "cym:cy dan:da deu:de ell:el eng:en epo:eo est:et eus:eu fao:fo fin:fi fra:fr fry:fy gla:gd gle:ga",
    "glg:gl glv:gv grn:gn guj:gu heb:he hin:hi hrv:hr hun:hu hye:hy ind:id isl:is ita:it jpn:ja kat:ka",
    "kaz:kk kir:ky kor:ko kur:ku lat:la lav:lv lit:lt ltz:lb mal:ml mar:mr mkd:mk mlt:mt mon:mn msa:ms",
    "zlm:ms nld:nl nno:nn nob:nb nor:no oci:oc pan:pa pes:fa fas:fa pol:pl por:pt que:qu ron:ro rus:ru",
    "san:sa slk:sk slv:sl sme:se spa:es sqi:sq srd:sc srp:sr swa:sw swe:sv tat:tt tgk:tg tgl:tl tha:th",
    "tur:tr ukr:uk urd:ur uzb:uz vie:vi yid:yi zho:zh cmn:zh",
  ]
    .join(" ")
    .split(" ")
    .map((entry) => entry.split(":") as [string, string]),
);

/** "eng" → "en", "es" → "es", "szl" (no ISO 639-1 code) → undefined. */
export function apertiumCodeToIso1(code: string): string | undefined {
  const c = code.toLowerCase();
  if (/^[a-z]{2}$/.test(c)) return c;
  return ISO3_TO_ISO1.get(c);
}

/** Mode names → one mode per ISO 639-1 pair, preferring the plain mode ("spa-eng") to a variant ("spa-eng_US"). */
export function modesByPair(modes: readonly string[]): Map<string, string> {
  const chosen = new Map<string, { mode: string; variant: boolean }>();
  for (const raw of modes) {
    const mode = raw.trim();
    const sides = mode.split("-");
    if (sides.length !== 2) continue; // debug modes such as "eng-spa-tagger"
    const [source, target] = sides.map((side) => side.split("_"));
    const from = apertiumCodeToIso1(source[0]);
    const to = apertiumCodeToIso1(target[0]);
    if (!from || !to || from === to) continue;
    const variant = source.length > 1 || target.length > 1;
    const key = `${from}-${to}`;
    const current = chosen.get(key);
    if (!current || (current.variant && !variant)) chosen.set(key, { mode, variant });
  }
  return new Map([...chosen].map(([key, { mode }]) => [key, mode]));
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the executable without a shell in its own process group, so a timeout kills the whole pipeline. */
function run(bin: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], detached: true, shell: false });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new Error(`apertium timed out after ${timeoutMs} ms`));
        return;
      }
      resolve({ code, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") });
    });
  });
}

export function createApertiumTranslator(options: ApertiumOptions = {}): TranslationProvider {
  const bin = options.bin ?? "apertium";
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRANSLATE_TIMEOUT_MS;
  let installed: Promise<Map<string, string>> | undefined;

  /** The installed modes, read once; a missing executable means none. */
  function modes(): Promise<Map<string, string>> {
    installed ??= run(bin, ["-l"], timeoutMs).then(
      (result) => (result.code === 0 ? modesByPair(result.stdout.split(/\r?\n/)) : new Map<string, string>()),
      () => new Map<string, string>(),
    );
    return installed;
  }

  return {
    name: "apertium",
    async supports(from, to) {
      return (await modes()).has(`${from}-${to}`);
    },
    async translate({ text, from, to }) {
      const mode = (await modes()).get(`${from}-${to}`);
      if (!mode) throw new TranslationUnavailableError();
      const dir = await mkdtemp(path.join(os.tmpdir(), "earshot-apertium-"));
      let result: RunResult;
      try {
        const input = path.join(dir, "input.txt");
        await writeFile(input, text, { encoding: "utf8", mode: 0o600 });
        result = await run(bin, ["-u", mode, input], timeoutMs);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      if (result.code !== 0) {
        throw new Error(`apertium ${mode} failed (exit ${result.code}): ${result.stderr.trim().slice(0, 500)}`);
      }
      // Apertium passes the input's own line breaks through; drop one it adds at the end.
      const out = !/\n$/.test(text) ? result.stdout.replace(/\r?\n$/, "") : result.stdout;
      return { text: out, provider: "apertium" };
    },
    async pairs(): Promise<TranslationPair[]> {
      return [...(await modes()).keys()].map((key) => {
        const [from, to] = key.split("-");
        return { from, to };
      });
    },
  };
}
