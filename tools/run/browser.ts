/**
 * `npm run browser`: makes sure a Chromium-family browser is here for the browser tests, saying what
 * it does. Runs before `playwright test` (npm run test:e2e) and so before every `npm test`.
 * Steps: use one already installed (tools/shared/chromium.ts: CHROMIUM_PATH, the headless shell, Chrome
 * or Chromium, Playwright's own); else `playwright install chromium` (where downloads work); else, on
 * Debian or Ubuntu as root, `apt-get install -y chromium`. When all fail: one message saying how to get
 * a browser, exit code 1. A full browser found without the headless shell beside it gets the shell
 * added, on Debian or Ubuntu as root (`apt-get install -y chromium-headless-shell`, once a machine):
 * it halves a page load's CPU. Where that fails, the full browser is used.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findChromium, headlessShellPaths } from "../shared/chromium.ts";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`browser: ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", env, timeout: 10 * 60_000 }).status === 0;
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const canApt = process.platform === "linux" && isRoot && existsSync("/usr/bin/apt-get");
const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
const aptInstall = (...names: string[]) =>
  run("apt-get", ["update", "-qq"], aptEnv) &&
  run("apt-get", ["install", "-y", "-qq", "-o", "DPkg::Lock::Timeout=600", ...names], aptEnv);
/** The system's package lists know the package (no download: quick, and quiet where they do not). */
const aptKnows = (name: string) =>
  spawnSync("apt-cache", ["show", "--no-all-versions", name], { stdio: "ignore" }).status === 0;

const found = findChromium();
const isShell = (path: string | undefined) => Boolean(path && headlessShellPaths.includes(path));
if (found && !isShell(found) && !process.env.CHROMIUM_PATH && canApt && aptKnows("chromium-headless-shell")) {
  console.log(`browser: ${found} found; adding Chromium's headless shell, which loads pages at half the CPU.`);
  if (aptInstall("chromium-headless-shell") && isShell(findChromium()))
    console.log(`browser: installed ${findChromium()}`);
  else console.log(`browser: the headless shell could not be installed; the tests use ${found}.`);
}
if (found) {
  if (process.env.BROWSER_VERBOSE) console.log(`browser: ${findChromium()}`);
  process.exit(0);
}

console.log("browser: no Chromium or Chrome found on this machine; installing one for the browser tests.");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
if (run(npx, ["--no-install", "playwright", "install", "chromium"]) && findChromium()) {
  console.log(`browser: installed ${findChromium()}`);
  process.exit(0);
}

if (canApt) {
  console.log("browser: the download failed; installing the distribution's Chromium with apt-get instead.");
  if (aptInstall("chromium", "chromium-headless-shell") && findChromium()) {
    console.log(`browser: installed ${findChromium()}`);
    process.exit(0);
  }
}

console.error(`
✖ The browser tests need Chromium or Google Chrome, and none could be installed here.
  Install one, then run the tests again:
    Debian/Ubuntu:  sudo apt-get install chromium     (Ubuntu: chromium-browser)
    macOS:          brew install --cask chromium      (or install Google Chrome)
    anywhere:       npx playwright install chromium
  Or point CHROMIUM_PATH at a Chromium or Chrome you already have.`);
process.exit(1);
