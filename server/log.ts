/**
 * The server's log lines, pino-style: every line has a time and a level; `LOG_FORMAT=json` makes each
 * line one JSON object ({"time","level","msg",...fields}) for a log collector, otherwise
 * `2026-11-24T21:58:22.123Z INFO  msg key=value`. Errors and warnings go to stderr, the rest to stdout
 * (journald and container runtimes keep both). No dependency: see docs/decisions (operator logs).
 * What a visitor typed is never passed here: callers log ids, counts and targets only.
 */
export type Level = "debug" | "info" | "warn" | "error" | "fatal";
export type Fields = Record<string, string | number | boolean | undefined>;

const order: Record<Level, number> = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  fatal(msg: string, fields?: Fields): void;
}

interface Options {
  format?: "text" | "json";
  level?: Level;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export function formatLine(level: Level, msg: string, fields: Fields = {}, format: "text" | "json" = "text"): string {
  const time = new Date().toISOString();
  const defined = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (format === "json") return JSON.stringify({ time, level, msg, ...Object.fromEntries(defined) });
  const extra = defined.map(([k, v]) => ` ${k}=${/[\s"=]/.test(String(v)) ? JSON.stringify(String(v)) : String(v)}`);
  return `${time} ${level.toUpperCase().padEnd(5)} ${msg}${extra.join("")}`;
}

export function createLogger(options: Options = {}): Logger {
  const format = options.format ?? "text";
  const min = order[options.level ?? "info"];
  const out = options.out ?? ((line: string) => process.stdout.write(line + "\n"));
  const err = options.err ?? ((line: string) => process.stderr.write(line + "\n"));
  const at =
    (level: Level) =>
    (msg: string, fields?: Fields): void => {
      if (order[level] < min) return;
      (order[level] >= order.warn ? err : out)(formatLine(level, msg, fields, format));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error"), fatal: at("fatal") };
}

/** The process's logger, from LOG_FORMAT and LOG_LEVEL (checked at start by server/config/). */
export let log: Logger = createLogger({
  format: process.env.LOG_FORMAT === "json" ? "json" : "text",
  level: (["debug", "info", "warn", "error"] as const).find((l) => l === process.env.LOG_LEVEL) ?? "info",
});

export function setLogger(logger: Logger): void {
  log = logger;
}

/**
 * Routes console.log/warn/error (used by modules and libraries that do not take a logger) through
 * `log`, so that every line the server writes has its time and level. Called by the server entries.
 */
export function captureConsole(): void {
  const text = (args: unknown[]) =>
    args.map((a) => (typeof a === "string" ? a : a instanceof Error ? a.message : JSON.stringify(a))).join(" ");
  console.log = (...args: unknown[]) => log.info(text(args));
  console.info = console.log;
  console.warn = (...args: unknown[]) => log.warn(text(args));
  console.error = (...args: unknown[]) => log.error(text(args));
}
