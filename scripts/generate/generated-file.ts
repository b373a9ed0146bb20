/**
 * A committed file generated from the code (the content guide, deploy/nginx.conf, ...): written when
 * its text changed, or with `--check` only compared, failing with the command that brings it up to date.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

export function writeGenerated(target: string, text: string, command: string): void {
  const name = relative(process.cwd(), target);
  let current = "";
  try {
    current = readFileSync(target, "utf8");
  } catch {
    current = "";
  }
  if (current === text) {
    console.log(`${name} is up to date`);
  } else if (process.argv.includes("--check")) {
    console.error(`${name} is out of date: run ${command}`);
    process.exitCode = 1;
  } else {
    writeFileSync(target, text);
    console.log(`wrote ${name}`);
  }
}
