/**
 * A throwaway PostgreSQL server for tests and benchmarks: Debian's postgresql (installed with apt-get
 * where missing, as tests/e2e/servers/nginx.ts installs nginx), its own cluster made with initdb in a
 * temp folder, listening on 127.0.0.1:<port> only (and a socket in that folder), stopped and removed
 * by stop(). As root, the cluster runs as the postgres user (PostgreSQL refuses to run as root).
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

function install(): void {
  const asRoot = process.getuid?.() === 0;
  const sudo = !asRoot && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
  if (!existsSync("/usr/bin/apt-get") || (!asRoot && !sudo)) {
    throw new Error(
      "PostgreSQL is not installed, and this machine cannot install it here (that needs apt-get and root). " +
        "Install it (Debian/Ubuntu: sudo apt-get install -y postgresql) and run the tests again.",
    );
  }
  console.error("PostgreSQL is not installed: installing Debian's postgresql package with apt-get (once)...");
  const run = (args: string[], options: SpawnSyncOptions = {}) =>
    spawnSync(
      sudo ? "sudo" : args[0]!,
      sudo ? ["-n", "env", "DEBIAN_FRONTEND=noninteractive", ...args] : args.slice(1),
      {
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
        encoding: "utf8",
        ...options,
      },
    );
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = !existsSync(policy);
  // Keeps apt from starting the system's own PostgreSQL service.
  if (ownPolicy) run(["sh", "-c", `printf '#!/bin/sh\\nexit 101\\n' > ${policy} && chmod 755 ${policy}`]);
  try {
    const lock = ["-o", "DPkg::Lock::Timeout=300"];
    const apt = ["apt-get", ...lock, "install", "-y", "-q", "--no-install-recommends", "postgresql"];
    let result = run(apt);
    if (result.status !== 0) {
      run(["apt-get", ...lock, "update", "-q"]);
      result = run(apt);
    }
    if (result.status !== 0 || !binDir())
      throw new Error(`apt-get could not install postgresql:\n${result.stdout}${result.stderr}`);
  } finally {
    if (ownPolicy) run(["rm", "-f", policy]);
  }
}

export function startPostgres(port: number): PostgresServer {
  if (!binDir()) install();
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
