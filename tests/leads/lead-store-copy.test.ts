/**
 * The tests' copies of the project (tools/shared/copy-project.ts) never take the lead store with them
 * (issue 47, point 4): a copy skips exactly what .gitignore ignores (`.data/`, the default
 * LEADS_DATA_DIR, among them), so neither a running server's socket (which made the copy throw
 * ERR_FS_CP_SOCKET) nor real leads are copied, and a copy is private (0700).
 * A project as a developer has it: a copy of this one with its generated content, a lead server
 * running in it on the default data folder, a lead stored there, and stray files where .gitignore's
 * patterns reach (at any depth, by extension). Its own tools/shared/copy-project.ts copies it, as a test run in it
 * would; git itself says which files that must be.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { adminSocketPath } from "../../server/leads/admin-socket.ts";
import { copyProject, root } from "../../tools/shared/copy-project.ts";
import { freePort } from "../helpers/free-port.ts";
import { lead } from "../helpers/lead-fixture.ts";
import { post, storedLeads } from "../helpers/leads-endpoint.ts";
import { seedDataDir } from "../helpers/pglite-template.ts";
import { startServer, type ServerProcess } from "../helpers/server-process.ts";
import { tierFlags } from "../helpers/wasm-tier.ts";

const work = mkdtempSync(join(tmpdir(), "lead-store-copy-"));
const project = join(work, "project");
const copy = join(work, "copy");
const dataDir = join(project, ".data", "leads");
let server: ServerProcess;

/** Every file under `dir` (not folders), relative, with `/`, node_modules (linked, not copied) left out. */
function files(dir: string, under = dir): string[] {
  return readdirSync(under, { withFileTypes: true }).flatMap((entry) => {
    const path = join(under, entry.name);
    const rel = relative(dir, path).split(sep).join("/");
    if (rel === "node_modules" || rel === ".git") return [];
    return entry.isDirectory() ? files(dir, path) : [rel];
  });
}

beforeAll(async () => {
  copyProject(project);
  cpSync(join(root, "src", "generated"), join(project, "src", "generated"), { recursive: true });
  const stray = {
    "scripts/stray.tsbuildinfo": "ignored: *.tsbuildinfo, at any depth",
    "content/dist/stray.txt": "ignored: dist/ matches a folder at any depth",
    "test-results/stray.txt": "ignored",
    "docs/distant.md": "kept: no pattern matches it",
    "tests/dist": "kept: dist/ matches folders only",
  };
  for (const [path, text] of Object.entries(stray)) {
    mkdirSync(join(project, path, ".."), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  // The project's lead server on its default data folder (.data/leads), as `npm start` runs it: a new
  // database there, copied from the tests' template (tests/helpers/pglite-template.ts), not made by
  // PGlite's initdb (5 of the file's 15 CPU-s).
  await seedDataDir({ LEADS_DATA_DIR: dataDir });
  const port = await freePort();
  server = await startServer(
    [process.execPath, ...tierFlags, "--import", "tsx", join(project, "server", "leads", "main.ts")],
    {
      PORT: String(port),
      LEADS_IP_KEY: "lead-store-copy-key-0123456789",
      LEADS_EMAIL_TO: "none",
      LEADS_WEBHOOK_URL: "none",
    },
  );
  expect((await post(`${server.base}/api/leads`, lead(1))).status).toBe(303);
});

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("a copy of a project whose lead server runs: no socket error, no lead store, exactly what .gitignore keeps, private", async () => {
  expect(statSync(adminSocketPath(dataDir)).isSocket(), "the running server's socket").toBe(true);
  expect(await storedLeads({ LEADS_DATA_DIR: dataDir })).toHaveLength(1);

  // The project's own tools/shared/copy-project.ts, as a test run in it copies it.
  const copied = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      "const { copyProject } = await import(process.argv[1]); copyProject(process.argv[2]);",
      join(project, "tools", "shared", "copy-project.ts"),
      copy,
    ],
    { cwd: project, encoding: "utf8" },
  );
  expect(copied.status, copied.stderr).toBe(0);

  expect(existsSync(join(copy, ".data")), "the lead store").toBe(false);
  expect(statSync(copy).mode & 0o777, "the copy's folder").toBe(0o700);
  expect(readdirSync(join(copy, "node_modules")).length, "node_modules, linked").toBeGreaterThan(0);

  // git, told only of .gitignore, lists the files it does not ignore: the copy has those and no others.
  const git = (...args: string[]) => spawnSync("git", args, { cwd: project, encoding: "utf8" });
  expect(git("init", "-q").status).toBe(0);
  const listed = git("ls-files", "--others", "--exclude-per-directory=.gitignore");
  expect(listed.status, listed.stderr).toBe(0);
  const kept = listed.stdout
    .split("\n")
    .filter((path) => path && path !== "node_modules")
    .sort();
  expect(kept).toEqual(expect.arrayContaining(["docs/distant.md", "tests/dist"]));
  expect(files(copy).sort()).toEqual(kept);
});
