/**
 * One writer on the embedded database's folder. PGlite has no lock of its own: two processes on one
 * folder both write, and leads go missing. The lock is the kernel's (flock(2) on `<folder>/server.lock`),
 * held by a small child process (util-linux `flock` running `cat`) for as long as this process lives:
 * the kernel releases it when both end, so a crashed or SIGKILLed server never leaves a stale lock, and
 * it holds across containers that share the folder. The child ignores SIGTERM and SIGINT (systemd and
 * a terminal signal the whole group), so the lock is released only when this process lets go of it,
 * after the database is closed, or dies. Where `flock` is missing (macOS), a file created with O_EXCL
 * holding the pid stands in, broken when that pid is gone on this host.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export interface Lock {
  release(): Promise<void>;
}

export class LockBusy extends Error {}

export const lockPath = (folder: string) => join(folder, "server.lock");

/** Who holds the lock, as its holder wrote it: "pid 123 on host". */
export function lockHolder(folder: string): string | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockPath(folder), "utf8")) as { pid: number; host: string };
    return `process ${holder.pid} on ${holder.host}`;
  } catch {
    return undefined;
  }
}

const note = () => JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });

let hasFlock: boolean | undefined;
const flockAvailable = () => (hasFlock ??= spawnSync("flock", ["--version"], { stdio: "ignore" }).status === 0);

/**
 * Takes the folder's lock: `wait` until it is free (calling `onWait` once if it is not free at
 * first), or throw LockBusy at once.
 */
export async function acquireLock(
  folder: string,
  options: { wait: boolean; onWait?: (holder: string | undefined) => void; signal?: AbortSignal },
): Promise<Lock> {
  const file = lockPath(folder);
  writeFileSync(file, "", { flag: "a", mode: 0o600 });
  if (!flockAvailable()) return pidLock(file, folder, options);
  const attempt = (wait: boolean) => {
    const child = spawn(
      "flock",
      [
        ...(wait ? [] : ["--nonblock", "--conflict-exit-code", "75"]),
        "--exclusive",
        file,
        "sh",
        "-c",
        "trap '' TERM INT HUP; echo locked; exec cat",
      ],
      { stdio: ["pipe", "pipe", "ignore"], detached: false },
    );
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const outClosed = new Promise<void>((resolve) => child.stdout!.once("close", () => resolve()));
    const locked = new Promise<boolean>((resolve) => {
      child.stdout!.once("data", () => resolve(true));
      void exited.then(() => resolve(false));
    });
    const release = async () => {
      // Waiting for the child to let go keeps this process alive (it may have been unref'd).
      child.ref();
      (child.stdout as unknown as { ref?: () => void }).ref?.();
      child.stdin!.end();
      await Promise.all([exited, outClosed]);
    };
    return { child, locked, exited, release, cancel: () => child.kill() };
  };
  let held = attempt(false);
  if (!(await held.locked)) {
    if (!options.wait) throw new LockBusy(lockHolder(folder) ?? "another process");
    options.onWait?.(lockHolder(folder));
    held = attempt(true);
    const abort = () => held.cancel();
    options.signal?.addEventListener("abort", abort, { once: true });
    const ok = await held.locked;
    options.signal?.removeEventListener("abort", abort);
    if (!ok) throw new LockBusy("the wait was given up");
  }
  writeFileSync(file, note(), { mode: 0o600 });
  // Held, the child does not keep this process alive: a command that forgets to close the database
  // still exits, and the lock goes with it.
  held.child.unref();
  (held.child.stdin as unknown as { unref?: () => void }).unref?.();
  (held.child.stdout as unknown as { unref?: () => void }).unref?.();
  return { release: held.release };
}

async function pidLock(
  file: string,
  folder: string,
  options: { wait: boolean; onWait?: (holder: string | undefined) => void; signal?: AbortSignal },
): Promise<Lock> {
  const mark = `${file}.pid`;
  let told = false;
  for (;;) {
    try {
      const fd = openSync(mark, "wx", 0o600);
      writeSync(fd, note());
      closeSync(fd);
      writeFileSync(file, note(), { mode: 0o600 });
      return { release: async () => rmSync(mark, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let stale = false;
    try {
      const holder = JSON.parse(readFileSync(mark, "utf8")) as { pid: number; host: string };
      if (holder.host === hostname()) {
        try {
          process.kill(holder.pid, 0);
        } catch (error) {
          stale = (error as NodeJS.ErrnoException).code === "ESRCH";
        }
      }
    } catch {
      stale = false; // being written: look again
    }
    if (stale) {
      rmSync(mark, { force: true });
      continue;
    }
    if (!options.wait) throw new LockBusy(lockHolder(folder) ?? "another process");
    if (options.signal?.aborted) throw new LockBusy("the wait was given up");
    if (!told) options.onWait?.(lockHolder(folder));
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
