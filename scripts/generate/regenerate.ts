/**
 * What both scaffolds (`npm run new:section`, `npm run new:kind`) do last: the editors' JSON Schemas
 * and the content guide made again from the schemas, which now hold the new type, then the files the
 * scaffold wrote or changed formatted by Prettier, as `npm run format` would.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export function regenerate(root: string, written: string[]): void {
  const run = (script: string) =>
    execFileSync(process.execPath, ["--import", "tsx", script], { cwd: root, stdio: "inherit" });
  run("scripts/generate/json-schema.ts");
  run("scripts/generate/guide.ts");
  const prettier = join(root, "node_modules", "prettier", "bin", "prettier.cjs");
  execFileSync(process.execPath, [prettier, "--write", "--log-level=warn", ...written], {
    cwd: root,
    stdio: "inherit",
  });
}
