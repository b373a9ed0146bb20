/**
 * The scripts that write committed files, run as a user types them on a copy of the project
 * (tests/helpers/scripts-copy.ts): `npm run format`, `content:guide`, `content:schemas`,
 * `deploy:nginx` and `docs:variables` leave every committed file as it is (what they write is up to date), and
 * `npm run check:spec` passes on the launch content and names what an edit moved from it. They open no
 * browser and wait on no server, so they run with the builds (`npm run test:builds`), behind the
 * browser steps. tests/commands/every-script.test.ts names this file as their run.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectOk, scriptsCopy } from "../helpers/scripts-copy.ts";

const copy = scriptsCopy("committed-files");
const npm = copy.npm;

/** Every file's text under the copy's `dirs`, to see that a command changed nothing. */
function snapshotOf(dirs: string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of dirs) {
    for (const rel of readdirSync(join(copy.dir, dir), { recursive: true }).map(String)) {
      try {
        files.set(`${dir}/${rel}`, readFileSync(join(copy.dir, dir, rel), "utf8"));
      } catch {
        // a folder
      }
    }
  }
  return files;
}

describe("the scripts that write committed files, run as a user types them", () => {
  it("npm run format, content:guide, content:schemas, deploy:nginx and docs:variables leave the committed files as they are", async () => {
    const before = snapshotOf(["docs", "schemas", "deploy", "src", "server"]);
    for (const script of ["format", "content:guide", "content:schemas", "deploy:nginx", "docs:variables"]) {
      const run = await npm(script);
      expect(run.status, `${script}: ${run.stdout}\n${run.stderr}`).toBe(0);
    }
    const after = snapshotOf(["docs", "schemas", "deploy", "src", "server"]);
    const changed = [...after].filter(([file, text]) => before.get(file) !== text).map(([file]) => file);
    // src/generated/ is written by the build; the rest is committed and up to date.
    expect(changed.filter((file) => !file.startsWith("src/generated/"))).toEqual([]);
  });

  // On the launch content kept in tests/ (CONTENT_DIR), never on content/: marketing moves on from the
  // launch requirements (a new price, a renamed service), and check:spec rightly reports it.
  it("npm run check:spec passes on the launch content and names what an edit moved from it", async () => {
    const launch = join(copy.dir, "tests", "spec", "launch-content");
    await expectOk(npm("check:spec", [], { CONTENT_DIR: launch }), /passed/);
    const moved = join(copy.dir, "launch-moved");
    cpSync(launch, moved, { recursive: true });
    const plans = join(moved, "collections", "plans");
    const plan = readdirSync(plans).find((file) => /^price:\s*\d/m.test(readFileSync(join(plans, file), "utf8")))!;
    const text = readFileSync(join(plans, plan), "utf8");
    writeFileSync(
      join(plans, plan),
      text.replace(/^price:\s*(\d+)/m, (_, price: string) => `price: ${Number(price) + 1}`),
    );
    const run = await npm("check:spec", [], { CONTENT_DIR: moved });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(/price/i);
  });
});
