// The printed table (figure, target, PASS/MISS) and the JSON file under bench/results/.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchOutcome, Check, CheckStatus } from "./types";

export function statusOf(check: Check): CheckStatus {
  if (check.value === null || !Number.isFinite(check.value)) return "N/A";
  if (check.kind === "min") return check.value >= check.target ? "PASS" : "MISS";
  return check.value <= check.target ? "PASS" : "MISS";
}

const fmt = (value: number | string | null, unit = "") =>
  value === null
    ? "n/a"
    : typeof value === "number"
      ? `${value.toLocaleString("en-US", { maximumFractionDigits: unit === "×" ? 2 : 1 })}${unit ? ` ${unit}` : ""}`
      : value;

function table(rows: string[][]): string {
  if (rows.some((row) => row.length !== rows[0]!.length)) throw new Error("table rows and header differ in length");
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? "").length)));
  const line = (row: string[]) => `| ${row.map((cell, col) => cell.padEnd(widths[col]!)).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join("\n");
}

export function formatOutcome(outcome: BenchOutcome): string {
  const parts: string[] = [];
  parts.push(`\n== ${outcome.name}: targets ==`);
  parts.push(
    table([
      ["Check", "Measured", "Target", "Result"],
      ...outcome.checks.map((c) => [
        c.label,
        fmt(c.value, c.unit),
        `${c.kind === "min" ? "≥" : "≤"} ${fmt(c.target, c.unit)}`,
        statusOf(c),
      ]),
    ]),
  );
  const notes = outcome.checks.filter((c) => c.note);
  if (notes.length) parts.push(notes.map((c) => `  ${c.label}: ${c.note}`).join("\n"));
  if (outcome.figures.length) {
    parts.push(`\n== ${outcome.name}: other figures ==`);
    parts.push(table([["Figure", "Value"], ...outcome.figures.map((f) => [f.label, fmt(f.value, f.unit)])]));
  }
  for (const warning of outcome.warnings) parts.push(`\nWARNING: ${warning}`);
  return parts.join("\n");
}

export function loadTable(
  rows: Array<{
    name: string;
    requests: number;
    requestsPerSecond: number | null;
    latencyMs: { p50: number | null; p95: number | null; p99: number | null; max: number | null };
    unexpectedResponses: number;
    errors: number;
    serverCpuMsPerRequest?: number | null;
    rssAfterMB?: number | null;
    otherCpuDuring?: number | null;
    attempts?: number;
  }>,
): string {
  return table([
    [
      "Scenario",
      "req/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "max ms",
      "requests",
      "unexpected/errors",
      "server CPU ms/req",
      "RSS after MB",
      "other CPU during",
    ],
    ...rows.map((r) => [
      r.name,
      fmt(r.requestsPerSecond),
      fmt(r.latencyMs.p50),
      fmt(r.latencyMs.p95),
      fmt(r.latencyMs.p99),
      fmt(r.latencyMs.max),
      fmt(r.requests),
      `${r.unexpectedResponses}/${r.errors}`,
      r.serverCpuMsPerRequest === null || r.serverCpuMsPerRequest === undefined
        ? "n/a"
        : r.serverCpuMsPerRequest.toFixed(2),
      fmt(r.rssAfterMB ?? null),
      (r.otherCpuDuring === undefined || r.otherCpuDuring === null ? "n/a" : `${Math.round(r.otherCpuDuring * 100)}%`) +
        (r.attempts && r.attempts > 1 ? ` (${r.attempts} tries)` : ""),
    ]),
  ]);
}

function gitCommit(root: string): string | null {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return dirty ? `${head}+dirty` : head;
  } catch {
    return null;
  }
}

export function machineInfo(root: string) {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    commit: gitCommit(root),
  };
}

export function writeResults(resultsDir: string, root: string, outcome: BenchOutcome): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${outcome.name}.json`);
  const json = {
    bench: outcome.name,
    at: new Date().toISOString(),
    machine: machineInfo(root),
    checks: outcome.checks.map((c) => ({ ...c, status: statusOf(c) })),
    warnings: outcome.warnings,
    ...outcome.results,
  };
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  return file;
}
