/**
 * The browser every script and test drives, and how it is found: CHROMIUM_PATH when set, else an
 * installed headless shell, else an installed Chromium or Chrome, else the Chromium Playwright
 * downloaded. `npm run browser` (tools/run/browser.ts) installs one when none is found, and the
 * headless shell beside a full browser. Launch flags suit a closed network.
 *
 * The headless shell first: it is Chromium's engine without the browser around it (what Playwright
 * itself runs headless), and a page load costs about half the CPU of the full browser in headless mode
 * (docs/performance.md); every browser test, the size budget and the benchmarks load pages.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import type { chromium as Chromium } from "@playwright/test";

/** Where Chromium's headless shell is installed (Debian's and Ubuntu's package chromium-headless-shell). */
export const headlessShellPaths = ["/usr/lib/chromium/chromium-headless-shell"];

/** Where browsers are usually installed, most likely first. */
const knownPaths = [
  ...headlessShellPaths,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/snap/bin/chromium",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/opt/google/chrome/chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  join(homedir(), "Applications/Google Chrome.app/Contents/MacOS/Google Chrome"),
  "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
  "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe",
];

/** The browser's path, or undefined when this machine has none. CHROMIUM_PATH wins when it exists. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, ...knownPaths, playwrightChromium()];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path!));
}

/**
 * The Chromium Playwright downloaded, asked of Playwright only when no browser is at a known path:
 * loading it costs about a second of CPU, which `npm run browser` (run before every browser step)
 * then spends only on a machine that needs it.
 */
function playwrightChromium(): string | undefined {
  try {
    const { chromium } = createRequire(import.meta.url)("@playwright/test") as { chromium: typeof Chromium };
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** The path to launch: the browser found, or CHROMIUM_PATH / the Debian path for the error message. */
export const chromiumPath = findChromium() ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
