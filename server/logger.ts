type LogLevel = "info" | "warn" | "error";

export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** JSON lines on stdout (one object per event), ready for any log shipper. */
export function createLogger(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const log = (level: LogLevel, message: string, fields: Record<string, unknown> = {}) => {
    write(JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields }));
  };
  return {
    log,
    info: (m, f) => log("info", m, f),
    warn: (m, f) => log("warn", m, f),
    error: (m, f) => log("error", m, f),
  };
}

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, name: error.name, stack: error.stack };
  return { error: String(error) };
}
