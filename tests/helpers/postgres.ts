/**
 * A throwaway PostgreSQL server for tests and benchmarks: Debian's postgresql (installed with apt-get
 * where missing, as tests/e2e/servers/nginx.ts installs nginx), its own cluster made with initdb in a
 * temp folder, listening on 127.0.0.1:<port> only (and a socket in that folder), stopped and removed
 * by stop(). As root, the cluster runs as the postgres user (PostgreSQL refuses to run as root).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aptInstall } from "./apt-install.ts";

export interface PostgresServer {
  url: string;
  /** Stops the server and removes its cluster. */
  stop(): void;
  /** Stops the server, keeping its cluster (a database that is down). */
  halt(): void;
  /** Starts it again after halt(), or after `started: false`. */
  resume(): void;
}

function binDir(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], "bin") : undefined;
}

/**
 * `password`: connections over TCP need it (scram-sha-256), and `url` carries it; `started: false`:
 * the cluster is made but not started (resume() starts it).
 */
export function startPostgres(port: number, options: { password?: string; started?: boolean } = {}): PostgresServer {
  if (!binDir()) aptInstall("postgresql", () => Boolean(binDir()));
  const bin = binDir()!;
  const dir = mkdtempSync(join(tmpdir(), "leads-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: "utf8", cwd: dir });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stdout}${result.stderr}`);
  };
  const auth = options.password
    ? (() => {
        const file = join(dir, "pw");
        writeFileSync(file, options.password + "\n", { mode: 0o644 });
        return ["--auth-local=trust", "--auth-host=scram-sha-256", `--pwfile=${file}`];
      })()
    : ["--auth=trust"];
  run("initdb", ["-D", data, "-U", "postgres", ...auth, "--no-sync", "-E", "UTF8"]);
  let running = false;
  const resume = () => {
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      join(dir, "log"),
      "-w",
      "-o",
      `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=on -c max_connections=300`,
      "start",
    ]);
    running = true;
  };
  const halt = () => {
    if (running) run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    running = false;
  };
  if (options.started !== false) resume();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      halt();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once("exit", stop);
  const user = options.password ? `postgres:${encodeURIComponent(options.password)}` : "postgres";
  return { url: `postgres://${user}@127.0.0.1:${port}/postgres`, stop, halt, resume };
}
