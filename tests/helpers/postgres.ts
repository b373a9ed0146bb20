/**
 * A throwaway PostgreSQL server for tests and benchmarks: Debian's postgresql (installed with apt-get
 * where missing, as tests/e2e/servers/nginx.ts installs nginx), its own cluster made with initdb in a
 * temp folder, listening on 127.0.0.1:<port> only (and a socket in that folder), stopped and removed
 * by stop(). As root, the cluster runs as the postgres user (PostgreSQL refuses to run as root).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aptInstall } from "./apt-install.ts";

export interface PostgresServer {
  url: string;
  stop(): void;
}

function binDir(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], "bin") : undefined;
}

export function startPostgres(port: number): PostgresServer {
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
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
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
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once("exit", stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
