/**
 * The browser every script and test drives: Debian's Chromium (CHROMIUM_PATH overrides), never a
 * downloaded one, with the flags this machine's closed network needs.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
