// Adds up checks, Vitest and Playwright results into the one closing line CI reads.
import fs from "node:fs";

let passed = 0;
let failed = 0;
const problems = [];
/** When each failed attempt of a journey ran ([start, end] in ms): the server errors worth printing. */
const failedWindows = [];

const checks = fs.existsSync("test-results/checks.txt") ? fs.readFileSync("test-results/checks.txt", "utf8") : "";
for (const line of checks.split("\n").filter(Boolean)) {
  const [status, name] = line.split(" ");
  if (status === "pass") {
    passed++;
  } else {
    failed++;
    problems.push(`check ${name}`);
  }
}

if (fs.existsSync("test-results/vitest.json")) {
  const report = JSON.parse(fs.readFileSync("test-results/vitest.json", "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numFailedTests || report.numFailedTestSuites) {
    problems.push(`vitest: ${report.numFailedTests} failed tests, ${report.numFailedTestSuites} failed suites`);
  }
  // Name what failed, so that the tail of a CI log says which test to look at.
  for (const file of report.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, "");
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) {
      console.log(`FAILED ${name} › ${t.fullName}: ${String(t.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`);
    }
    if (file.status === "failed" && !failedTests.length) {
      console.log(`FAILED ${name}: ${String(file.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
  // Which files ran on PostgreSQL as well (ADR 023: the engine-specific suites, testEngines({ engineSpecific: true })).
  const onPostgres = (report.testResults ?? [])
    .filter((file) => (file.assertionResults ?? []).some((t) => /\bpostgres\b/.test(t.fullName ?? "")))
    .map((file) => file.name.replace(`${process.cwd()}/`, ""))
    .sort();
  console.log(`PostgreSQL: ${onPostgres.length} of ${(report.testResults ?? []).length} test files also ran on PostgreSQL: ${onPostgres.join(", ")}`);
  // A file that fails to load has no tests to count; count it as a failure.
  if (!report.numFailedTests && report.numFailedTestSuites) failed += report.numFailedTestSuites;
} else {
  failed++;
  problems.push("vitest produced no report");
}

/** What the first failed attempt of a journey said, on one line: a flaky journey's log keeps its cause. */
function firstError(test) {
  const attempt = (test.results ?? []).find((r) => r.status !== "passed" && r.status !== "skipped");
  const message = attempt?.error?.message ?? attempt?.errors?.[0]?.message;
  if (!message) return "";
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, "").replace(/\s+/g, " ").trim();
  const at = attempt.error?.location ? ` (${attempt.error.location.file.split("/").pop()}:${attempt.error.location.line})` : "";
  return `: ${plain.slice(0, 400)}${at}`;
}

if (fs.existsSync("test-results/e2e.json")) {
  const report = JSON.parse(fs.readFileSync("test-results/e2e.json", "utf8"));
  const stats = report.stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  if (stats.unexpected) problems.push(`playwright: ${stats.unexpected} failed`);
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const attempt of t.results ?? []) {
          if (attempt.status === "passed" || attempt.status === "skipped" || !attempt.startTime) continue;
          const start = Date.parse(attempt.startTime);
          failedWindows.push([start, start + (attempt.duration ?? 0)]);
        }
        if (t.status === "unexpected") console.log(`FAILED [${t.projectName}] ${spec.file} › ${spec.title}${firstError(t)}`);
        if (t.status === "flaky") console.log(`FLAKY (passed on its retry) [${t.projectName}] ${spec.file} › ${spec.title}${firstError(t)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  if ((report.errors ?? []).length) {
    failed++;
    problems.push("playwright: run errors");
  }
} else {
  failed++;
  problems.push("playwright produced no report");
}

// A journey that failed, even once: the e2e server's errors logged while it ran (playwright.config.ts keeps
// the log; other journeys' expected refusals fall outside those times).
if (failedWindows.length && fs.existsSync("test-results/e2e-server.log")) {
  const during = (line) => {
    const time = Date.parse(line.match(/"time":"([^"]+)"/)?.[1] ?? "");
    return failedWindows.some(([start, end]) => time >= start && time <= end);
  };
  const errors = fs
    .readFileSync("test-results/e2e-server.log", "utf8")
    .split("\n")
    .filter((line) => line.includes('"level":"error"') && during(line));
  for (const line of errors.slice(0, 20)) console.log(`SERVER ${line.slice(0, 600)}`);
  if (errors.length > 20) console.log(`SERVER ... ${errors.length - 20} more errors in test-results/e2e-server.log`);
}

if (problems.length) console.log(`Problems: ${problems.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
