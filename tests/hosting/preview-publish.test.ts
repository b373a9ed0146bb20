/**
 * deploy/preview-publish.sh, CI's publish step for a pull request's preview, run as CI runs it (bash,
 * its settings in the environment) in a repository whose origin is a bare repository on this
 * machine: GitHub Pages' way (the gh-pages branch, a folder per pull request) for real; the other
 * targets refuse, naming what is missing, when not configured (Cloudflare and SSH cannot be
 * reached from here).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const script = join(import.meta.dirname, "..", "..", "deploy", "preview-publish.sh");
let dir: string;
let work: string;
let origin: string;
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

/** A build of the site, as `BASE_PATH=/pr-N/ npm run build` leaves dist/. */
function build(page: string) {
  rmSync(join(work, "dist"), { recursive: true, force: true });
  mkdirSync(join(work, "dist", "_nginx"), { recursive: true });
  writeFileSync(join(work, "dist", "index.html"), page);
  writeFileSync(join(work, "dist", "404.html"), "not found");
  writeFileSync(join(work, "dist", "_headers"), "/pr-1/*\n  X-Frame-Options: DENY\n");
  writeFileSync(join(work, "dist", "_redirects"), "/pr-1/old /pr-1/new 301\n");
  writeFileSync(join(work, "dist", "_nginx", "server.conf"), "");
}
const publish = (env: Record<string, string>) =>
  spawnSync("bash", ["deploy/preview-publish.sh"], {
    cwd: work,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: dir, ...env },
  });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "preview-publish-"));
  origin = join(dir, "origin.git");
  work = join(dir, "work");
  execFileSync("git", ["init", "-q", "--bare", origin]);
  mkdirSync(join(work, "deploy"), { recursive: true });
  git(work, "init", "-q", "-b", "main");
  copyFileSync(script, join(work, "deploy", "preview-publish.sh"));
  writeFileSync(join(work, ".gitignore"), "dist/\n");
  git(work, "add", ".");
  git(work, "commit", "-qm", "site");
  git(work, "remote", "add", "origin", origin);
  git(work, "push", "-q", "origin", "main");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const published = () => git(origin, "ls-tree", "-r", "--name-only", "gh-pages").split("\n");
const fileOnPages = (path: string) => git(origin, "show", `gh-pages:${path}`);

describe("publishing a preview to GitHub Pages", () => {
  it("puts each pull request's site in its own folder of gh-pages, without the hosts' files Pages ignores", () => {
    build("pull request 1");
    const first = publish({ PREVIEW_TARGET: "github-pages", PREVIEW_NAME: "pr-1" });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain("published pr-1 (github-pages)");
    build("pull request 2");
    expect(publish({ PREVIEW_TARGET: "github-pages", PREVIEW_NAME: "pr-2" }).status).toBe(0);
    expect(published().sort()).toEqual([
      ".nojekyll",
      "pr-1/404.html",
      "pr-1/index.html",
      "pr-2/404.html",
      "pr-2/index.html",
    ]);
    expect(fileOnPages("pr-1/index.html")).toBe("pull request 1");
    // The working branch is untouched, and the temporary worktree is gone.
    expect(git(work, "branch", "--show-current")).toBe("main");
    expect(git(work, "worktree", "list").split("\n")).toHaveLength(1);
  });

  it("replaces a pull request's preview when it is pushed again, leaving the others", () => {
    build("pull request 1, second push");
    expect(publish({ PREVIEW_TARGET: "github-pages", PREVIEW_NAME: "pr-1" }).status).toBe(0);
    expect(fileOnPages("pr-1/index.html")).toBe("pull request 1, second push");
    expect(fileOnPages("pr-2/index.html")).toBe("pull request 2");
  });
});

describe("refusals, in words", () => {
  it("names the target to choose, the settings a target lacks, and refuses a folder name that climbs out", () => {
    build("x");
    const none = publish({ PREVIEW_NAME: "pr-3" });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/PREVIEW_TARGET must be github-pages, cloudflare-pages or rsync/);
    const cloudflare = publish({ PREVIEW_TARGET: "cloudflare-pages", PREVIEW_NAME: "pr-3" });
    expect(cloudflare.status).toBe(1);
    expect(cloudflare.stderr).toMatch(/CLOUDFLARE_API_TOKEN/);
    const rsync = publish({ PREVIEW_TARGET: "rsync", PREVIEW_NAME: "pr-3" });
    expect(rsync.status).toBe(1);
    expect(rsync.stderr).toMatch(/PREVIEW_RSYNC_DEST/);
    const climbing = publish({ PREVIEW_TARGET: "github-pages", PREVIEW_NAME: "../x" });
    expect(climbing.status).toBe(1);
    expect(climbing.stderr).toMatch(/plain folder name/);
    rmSync(join(work, "dist"), { recursive: true, force: true });
    const unbuilt = publish({ PREVIEW_TARGET: "github-pages", PREVIEW_NAME: "pr-3" });
    expect(unbuilt.stderr).toMatch(/dist\/ is missing: build it first/);
  });
});
