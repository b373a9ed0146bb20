/**
 * A command's main() run in the test's own process, as its command line runs it: the variables given
 * set for the while (and put back after), what it prints with console.log and console.error kept apart
 * (stdout and stderr), its answer the exit code. A feature's tests call the command's logic this way;
 * the command as a user types it is run once, in a process of its own, where the test's claim is the
 * process itself (its exit code, its streams).
 */
import { format } from "node:util";
import { vi } from "vitest";

export interface Ran {
  status: number;
  /** What went to stdout (console.log), and to stderr (console.error), each line ending in "\n". */
  stdout: string;
  stderr: string;
}

export async function inProcess(
  main: () => number | Promise<number>,
  env: Record<string, string | undefined> = {},
): Promise<Ran> {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const put = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  let stdout = "";
  let stderr = "";
  const log = vi
    .spyOn(console, "log")
    .mockImplementation((...args: unknown[]) => void (stdout += `${format(...args)}\n`));
  const error = vi
    .spyOn(console, "error")
    .mockImplementation((...args: unknown[]) => void (stderr += `${format(...args)}\n`));
  put(env);
  try {
    return { status: await main(), stdout, stderr };
  } finally {
    put(before);
    log.mockRestore();
    error.mockRestore();
  }
}
