/**
 * Installs one of Debian's packages for the tests (nginx, postgresql) where the machine lacks it, as
 * root or with password-less sudo, without starting the system's own service (policy-rc.d), waiting
 * for another apt run's lock, and refreshing the package lists once if the first try fails.
 * Throws with what to do by hand when this machine cannot install it, or apt-get failed.
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { existsSync } from "node:fs";

export function aptInstall(pkg: string, installed: () => boolean): void {
  const asRoot = process.getuid?.() === 0;
  const sudo = !asRoot && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
  if (!existsSync("/usr/bin/apt-get") || (!asRoot && !sudo)) {
    throw new Error(
      `${pkg} is not installed, and this machine cannot install it here (that needs apt-get and root). ` +
        `Install it (Debian/Ubuntu: sudo apt-get install -y ${pkg}) and run the tests again.`,
    );
  }
  console.error(`${pkg} is not installed: installing Debian's ${pkg} package with apt-get (once)...`);
  const run = (args: string[], options: SpawnSyncOptions = {}) =>
    spawnSync(
      sudo ? "sudo" : args[0]!,
      sudo ? ["-n", "env", "DEBIAN_FRONTEND=noninteractive", ...args] : args.slice(1),
      { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, encoding: "utf8", ...options },
    );
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = !existsSync(policy);
  // Keeps apt from starting the system's own service.
  if (ownPolicy) run(["sh", "-c", `printf '#!/bin/sh\\nexit 101\\n' > ${policy} && chmod 755 ${policy}`]);
  try {
    // Waits for another apt run (a colleague's, the system's) instead of failing on its lock.
    const lock = ["-o", "DPkg::Lock::Timeout=300"];
    const apt = ["apt-get", ...lock, "install", "-y", "-q", "--no-install-recommends", pkg];
    let result = run(apt);
    if (result.status !== 0) {
      run(["apt-get", ...lock, "update", "-q"]);
      result = run(apt);
    }
    if (result.status !== 0 || !installed())
      throw new Error(`apt-get could not install ${pkg}:\n${result.stdout}${result.stderr}`);
  } finally {
    if (ownPolicy) run(["rm", "-f", policy]);
  }
}
