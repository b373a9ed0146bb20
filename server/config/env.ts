/**
 * Start-up configuration: every variable a server module reads is parsed and checked here before the
 * server serves, and every mistake is reported at once, one line each, naming the variable, what is
 * wrong and an example of a right value. A module adds its variables with a function that takes an
 * EnvReader (see server/leads/config.ts); the entry calls `done()`, which throws a ConfigError with
 * every problem, and `exitOnStartupError` prints them and exits 78 (EX_CONFIG, which systemd's
 * RestartPreventExitStatus= can name), with no stack trace unless --verbose or DEBUG is set.
 * Values that may hold a password are never echoed (a URL's password is replaced by ***).
 */
import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, join, resolve } from "node:path";

/** EX_CONFIG from sysexits.h: "configuration error". */
export const exitConfig = 78;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** A URL as it may be shown in a log line: its password replaced by ***. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return raw.replace(/\/\/([^:/@]*):[^@/]*@/, "//$1:***@");
  }
}

export const isLoopback = (hostname: string): boolean => {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || (isIP(host) === 4 && host.startsWith("127.")) || host === "::1";
};

/** A web address a lead may travel to: https, or http to this machine only (tests, a local relay). */
export function checkWebhookUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not a full web address";
  }
  if (!/^https?:$/.test(url.protocol) || !url.hostname) return "is not a full https:// address";
  if (url.protocol === "http:" && !isLoopback(url.hostname))
    return 'uses http:// to another machine: a lead must never travel unencrypted, write "https://"';
  if (url.username || url.password) return "has a user name or password in it: webhooks are signed instead";
  return undefined;
}

const emailPattern = /^[^\s@,<>"]+@[^\s@,<>"]+\.[^\s@,<>"]+$|^[^\s@,<>"]+@localhost$/;

/** "90m", "1h", "3600s", "5000ms" (or a number of milliseconds) in milliseconds; undefined when not one. */
export function parseDuration(raw: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?$/.exec(raw.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 }[match[2] ?? "ms"]!;
  return Math.round(Number(match[1]) * unit);
}

export class EnvReader {
  readonly problems: string[] = [];
  readonly warnings: string[] = [];
  /**
   * `touch`: folders are created and tried with a write (a server at start); without it paths are
   * only resolved, and nothing is created (a command such as `npm run leads` that only reads).
   */
  constructor(
    readonly env: NodeJS.ProcessEnv = process.env,
    readonly options: { touch?: boolean } = {},
  ) {}

  /** The raw value, or undefined when unset or empty. */
  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  }

  problem(name: string, shown: string | undefined, what: string, example: string): void {
    const value = shown === undefined ? name : `${name}=${JSON.stringify(shown)}`;
    const line = `${value} ${what}; for example ${name}=${example}`;
    // Two modules reading the same variable (BASE_PATH: the site and the alerts' link) say it once.
    if (!this.problems.includes(line)) this.problems.push(line);
  }

  string(name: string, fallback?: string): string | undefined {
    return this.raw(name) ?? fallback;
  }

  /** A number (whole unless `integer: false`) within [min, max]. */
  number(name: string, fallback: number, options: { min?: number; max?: number; integer?: boolean } = {}): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const { min = 0, max = Number.MAX_SAFE_INTEGER, integer = true } = options;
    const value = Number(raw);
    if (!/^-?\d+(\.\d+)?$/.test(raw) || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
      this.problem(name, raw, `is not ${integer ? "a whole number" : "a number"}`, String(fallback));
      return fallback;
    }
    if (value < min || value > max) {
      this.problem(name, raw, `is out of range (${min} to ${max})`, String(fallback));
      return fallback;
    }
    return value;
  }

  /** A duration ("90m", "1h", "3600s", "5000ms", or milliseconds) in milliseconds, at least `min` ms (`atLeast` in words). */
  duration(name: string, fallbackMs: number, options: { min: number; atLeast: string; example: string }): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallbackMs;
    const value = parseDuration(raw);
    if (value !== undefined && value >= options.min) return value;
    this.problem(name, raw, `is not a duration of ${options.atLeast} or more`, options.example);
    return fallbackMs;
  }

  boolean(name: string, fallback = false): boolean {
    const raw = this.raw(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (["1", "true", "yes", "on"].includes(raw)) return true;
    if (["0", "false", "no", "off"].includes(raw)) return false;
    this.problem(name, raw, "is neither 1 nor 0", "1");
    return fallback;
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    this.problem(name, raw, `is not one of ${values.join(", ")}`, values[0]!);
    return fallback;
  }

  /** A comma- or space-separated list. */
  list(name: string): string[] {
    return (this.raw(name) ?? "")
      .split(/[,\s]+/)
      .map((item) => item.trim())
      .filter(Boolean);
  }

  /** A URL with one of `protocols`; `secret`: its password is never shown. */
  url(name: string, protocols: string[], example: string): string | undefined {
    const raw = this.raw(name);
    if (raw === undefined) return undefined;
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      // reported below
    }
    if (!url || !protocols.includes(url.protocol) || !url.hostname) {
      const what = url
        ? !protocols.includes(url.protocol)
          ? `does not start with ${protocols.map((p) => `${p}//`).join(" or ")}`
          : "has no host name"
        : "is not a full address";
      this.problem(name, redactUrl(raw), what, example);
      return undefined;
    }
    return raw;
  }

  email(name: string, raw: string, example = "leads@example.com"): boolean {
    if (emailPattern.test(raw)) return true;
    this.problem(name, raw, "is not an e-mail address", example);
    return false;
  }

  /**
   * A folder this process must write to: created (owner-only) when missing, and checked by writing
   * a file in it, which is the one check that holds for read-only mounts and for root too.
   */
  writableFolder(name: string, fallback: string, example: string): string {
    const folder = resolve(this.raw(name) ?? fallback);
    if (!this.options.touch) return folder;
    try {
      if (existsSync(folder) && !statSync(folder).isDirectory()) {
        this.problem(name, folder, "is a file, not a folder", example);
        return folder;
      }
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      accessSync(folder, constants.W_OK);
      const probe = join(folder, `.write-check-${process.pid}`);
      writeFileSync(probe, "", { mode: 0o600 });
      rmSync(probe);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      const why = code === "EACCES" || code === "EPERM" ? "permission denied" : code === "EROFS" ? "read-only" : code;
      this.problem(
        name,
        folder,
        `cannot be written by this user (${why}): give the user that runs the server the folder (chown), or point ${name} at one it owns`,
        example,
      );
    }
    return folder;
  }

  /** A file path whose folder must exist or be creatable; the file itself may not exist yet. */
  filePath(name: string, fallback: string): string {
    const path = resolve(this.raw(name) ?? fallback);
    if (this.options.touch && !existsSync(dirname(path))) {
      try {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      } catch (error) {
        this.problem(
          name,
          path,
          `is in a folder that cannot be created (${(error as NodeJS.ErrnoException).code})`,
          fallback,
        );
      }
    }
    return path;
  }

  warn(line: string): void {
    // Read by several modules (TRUST_PROXY), a variable's warning is said once.
    if (!this.warnings.includes(line)) this.warnings.push(line);
  }

  /** Throws a ConfigError with every problem found; returns the warnings otherwise. */
  done(): string[] {
    if (this.problems.length) throw new ConfigError(this.problems);
    return this.warnings;
  }
}

export const verbose = (argv = process.argv, env = process.env): boolean =>
  argv.includes("--verbose") || Boolean(env.DEBUG);

/**
 * Prints why the server cannot start and exits: a ConfigError (or any error marked `config`) as its
 * lines with exit code 78, anything else as the program's own error, exit 1. A stack only with
 * --verbose or DEBUG.
 */
export function exitOnStartupError(
  error: unknown,
  write: (line: string) => void = (l) => process.stderr.write(l + "\n"),
): never {
  const stack = verbose() && error instanceof Error && error.stack ? `\n${error.stack}` : "";
  if (error instanceof ConfigError) {
    for (const line of error.problems) write(`${new Date().toISOString()} FATAL configuration: ${line}`);
    if (stack) write(stack);
    process.exit(exitConfig);
  }
  write(
    `${new Date().toISOString()} FATAL the server could not start: ${(error as Error)?.message ?? String(error)} (a bug in the server, not in your settings; run with --verbose for the stack)${stack}`,
  );
  process.exit(1);
}
