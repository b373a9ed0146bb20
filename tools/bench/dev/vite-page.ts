/**
 * The dev server and the open page, as the content benchmarks drive them (`npm run bench:dev`,
 * `npm run bench:guides`): `vite` started in a copy of the project as `npm run dev` starts it, and in
 * the page a watcher that says when a text was first painted, so a save is timed to the frame that
 * shows it (on the same clock as the save).
 * In: the copy's folder, a port; a Playwright page. Out: the running server; milliseconds from save to shown.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "@playwright/test";

export interface ViteOptions {
  /** Run the dev server with `--cpu-prof`, its profiles written here. */
  cpuProfDir?: string;
  /** Each content rebuild's time (ms), as the content plugin logs it. */
  onRebuild?: (ms: number) => void;
}

/** `vite` in the copy, as `npm run dev` starts it; resolves once it answers. */
export async function startVite(project: string, port: number, options: ViteOptions = {}): Promise<ChildProcess> {
  const { cpuProfDir, onRebuild } = options;
  const args = [
    ...(cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`, "--cpu-prof-interval=250"] : []),
    join(project, "node_modules", "vite", "bin", "vite.js"),
    "--port",
    String(port),
    "--strictPort",
  ];
  const child = spawn(process.execPath, args, { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    // The content plugin says how long each rebuild took: from its start (10 ms after the watcher's last event) to the modules
    // written and the pages told.
    for (const [, ms] of chunk.toString().matchAll(/content: \d+ file\(s\) updated in (\d+) ms/g))
      onRebuild?.(Number(ms));
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite stopped:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`vite did not answer:\n${output}`);
    await sleep(100);
  }
}

export async function stopVite(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

declare global {
  interface Window {
    benchMarker?: boolean;
    benchSeen?: (text: string) => Promise<number>;
  }
}

/**
 * In the page: `benchSeen(text)` resolves with the time (epoch ms) of the first frame painted with
 * `text` in it. A string, so that the bundler of this script adds nothing to the function.
 */
export const watcherScript = `
  window.benchMarker = true;
  window.benchSeen = (text) => new Promise((resolve) => {
    const check = () => {
      if (!document.body.textContent.includes(text)) return;
      observer.disconnect();
      // The frame the change is painted in: the next animation frame, then the paint after it.
      requestAnimationFrame(() => setTimeout(() => resolve(performance.timeOrigin + performance.now()), 0));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  });
`;

/**
 * Writes `text` to `file` and resolves with the milliseconds until `page` (with watcherScript in it)
 * painted `mark`; NaN when it did not within 20 s.
 */
export async function savedUntilShown(page: Page, file: string, text: string, mark: string): Promise<number> {
  await page.bringToFront();
  const seen = page.evaluate(`window.benchSeen(${JSON.stringify(mark)})`) as Promise<number>;
  await sleep(50); // the observer is in place
  const saved = performance.timeOrigin + performance.now();
  writeFileSync(file, text);
  return (await Promise.race([seen, sleep(20_000).then(() => NaN)])) - saved;
}
