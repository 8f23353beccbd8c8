import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "./config";

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-config-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("readConfig", () => {
  it("defaults: port 3000, APP_ENV local, product Earshot, no optional services", () => {
    const dataDir = tempDir();
    const config = readConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      appEnv: "local",
      productName: "Earshot",
      publicUrl: "http://localhost:3000",
      dataDir,
      trustProxy: false,
      databaseUrl: undefined,
      apiUrl: undefined,
      smtpUrl: undefined,
      sentryDsn: undefined,
      mailFrom: "Earshot <no-reply@localhost>",
    });
  });

  it("DATA_DIR defaults to ./data, resolved to an absolute path", () => {
    const config = readConfig({ SESSION_SECRET: "s" });
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(readConfig({ DATA_DIR: "some/relative", SESSION_SECRET: "s" }).dataDir).toBe(path.resolve("some/relative"));
  });

  it("generates SESSION_SECRET into DATA_DIR/session-secret (owner-only) and reuses it", () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const first = readConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, "session-secret");
    expect(fs.existsSync(file)).toBe(true);
    expect(first.sessionSecret).toBe(fs.readFileSync(file, "utf8"));
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = readConfig({ DATA_DIR: dataDir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readConfig({ DATA_DIR: tempDir() }).sessionSecret).not.toBe(first.sessionSecret);
  });

  it("a given SESSION_SECRET wins and no file is written", () => {
    const dataDir = tempDir();
    expect(readConfig({ DATA_DIR: dataDir, SESSION_SECRET: "from-env" }).sessionSecret).toBe("from-env");
    expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(false);
  });

  it("an empty or blank session-secret file is replaced, never used as an empty key", () => {
    for (const content of ["", " \n"]) {
      const dataDir = tempDir();
      fs.writeFileSync(path.join(dataDir, "session-secret"), content);
      const config = readConfig({ DATA_DIR: dataDir });
      expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(config.sessionSecret);
    }
  });

  it("a session-secret file with a trailing newline (hand-written) is read trimmed", () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "session-secret"), "hand-written-secret\n");
    expect(readConfig({ DATA_DIR: dataDir }).sessionSecret).toBe("hand-written-secret");
  });

  it("accepts every APP_ENV and throws on anything else", () => {
    const dataDir = tempDir();
    for (const appEnv of ["local", "demo", "preprod", "prod"] as const) {
      expect(readConfig({ DATA_DIR: dataDir, APP_ENV: appEnv }).appEnv).toBe(appEnv);
    }
    for (const bad of ["production", "PROD", "dev", " local"]) {
      expect(() => readConfig({ DATA_DIR: dataDir, APP_ENV: bad }), bad).toThrow(
        /APP_ENV must be one of local, demo, preprod, prod/,
      );
    }
    // Empty means unset, as for every other variable.
    expect(readConfig({ DATA_DIR: dataDir, APP_ENV: "" }).appEnv).toBe("local");
  });

  it("parses TRUST_PROXY: 1, true, yes (any case) are on; anything else is off", () => {
    const dataDir = tempDir();
    for (const on of ["1", "true", "TRUE", "True", "yes", "YES"]) {
      expect(readConfig({ DATA_DIR: dataDir, TRUST_PROXY: on }).trustProxy, on).toBe(true);
    }
    for (const off of [undefined, "", "0", "false", "no", "off", "2", "truee", "yes please"]) {
      expect(readConfig({ DATA_DIR: dataDir, TRUST_PROXY: off }).trustProxy, String(off)).toBe(false);
    }
  });

  it("PORT: a number, 3000 when empty, and an invalid value is refused rather than guessed", () => {
    const dataDir = tempDir();
    expect(readConfig({ DATA_DIR: dataDir, PORT: "8080" })).toMatchObject({
      port: 8080,
      publicUrl: "http://localhost:8080",
    });
    expect(readConfig({ DATA_DIR: dataDir, PORT: "" }).port).toBe(3000);
    expect(readConfig({ DATA_DIR: dataDir, PORT: "0" }).port).toBe(0);
    for (const bad of ["abc", "80.5", "-1", "70000", "3000abc"]) {
      expect(() => readConfig({ DATA_DIR: dataDir, PORT: bad }), bad).toThrow(/PORT must be a number/);
    }
  });

  it("PUBLIC_URL drives https, links and the sender; PRODUCT_NAME the sender's name; MAIL_FROM overrides", () => {
    const dataDir = tempDir();
    const config = readConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: "https://listen.acme.example//",
      PRODUCT_NAME: "Acme Listen",
    });
    expect(config.publicUrl).toBe("https://listen.acme.example");
    expect(config.productName).toBe("Acme Listen");
    expect(config.mailFrom).toBe("Acme Listen <no-reply@listen.acme.example>");
    expect(readConfig({ DATA_DIR: dataDir, MAIL_FROM: "ops@acme.example" }).mailFrom).toBe("ops@acme.example");
    // A name with specials is quoted, so it stays one sender.
    expect(readConfig({ DATA_DIR: dataDir, PRODUCT_NAME: "Acme, Inc." }).mailFrom).toBe(
      '"Acme, Inc." <no-reply@localhost>',
    );
    expect(readConfig({ DATA_DIR: dataDir, PRODUCT_NAME: 'Say "Hi"' }).mailFrom).toBe(
      '"Say \\"Hi\\"" <no-reply@localhost>',
    );
  });

  it("optional services are read when set and ignored when empty", () => {
    const dataDir = tempDir();
    const set = readConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://u:p@db/earshot",
      API_URL: "https://api.acme.example/api",
      SMTP_URL: "smtp://mail:25",
      SENTRY_DSN: "https://key@sentry.example/1",
      HOST: "127.0.0.1",
    });
    expect(set).toMatchObject({
      databaseUrl: "postgres://u:p@db/earshot",
      apiUrl: "https://api.acme.example/api",
      smtpUrl: "smtp://mail:25",
      sentryDsn: "https://key@sentry.example/1",
      host: "127.0.0.1",
    });
    const empty = readConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      API_URL: "",
      SMTP_URL: "",
      SENTRY_DSN: "",
      PRODUCT_NAME: "",
    });
    expect(empty).toMatchObject({
      databaseUrl: undefined,
      apiUrl: undefined,
      smtpUrl: undefined,
      sentryDsn: undefined,
      productName: "Earshot",
    });
  });

  it("WEB_CONCURRENCY: the cores on PostgreSQL and 1 on SQLite when unset; a whole number from 1 when set", () => {
    const dataDir = tempDir();
    expect(readConfig({ DATA_DIR: dataDir }).webConcurrency).toBe(1);
    expect(readConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "" }).webConcurrency).toBe(1);
    expect(readConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://db/earshot" }).webConcurrency).toBe(os.availableParallelism());
    expect(readConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(readConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://db/earshot", WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(() => readConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => readConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
    expect(readConfig({ DATA_DIR: dataDir }).jobLeaseSeconds).toBe(60);
    expect(readConfig({ DATA_DIR: dataDir, JOB_LEASE_SECONDS: "5" }).jobLeaseSeconds).toBe(5);
  });
});
