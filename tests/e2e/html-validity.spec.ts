import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { resolveJava } from "vnu-jar/vnu-java-downloader.js";
import { content, expect, test } from "./fixtures.ts";

const dist = join(import.meta.dirname, "..", "..", "dist");
const vnu = join(import.meta.dirname, "..", "..", "node_modules", "vnu-jar", "build", "dist", "vnu.jar");

let java: string;
// A machine without Java gets one, once, as vnu-jar's own command does: a download of about 50 MB,
// which takes longer than a test's 30 s. (Its install script, which would fetch it during
// `npm install`, is not allowed to run: package.json's allowScripts.)
test.beforeAll(async () => {
  test.setTimeout(600_000);
  java = await resolveJava();
});

test("every built page passes the Nu Html Checker with no errors", () => {
  const pages = (readdirSync(dist, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".html"))
    .map((f) => join(dist, f));
  expect(pages.length).toBeGreaterThanOrEqual(content.pages.length);
  let report = "";
  try {
    // One short run of the checker: the client compiler alone (C2's work is never earned back in a run
    // of seconds: 9 → 4 CPU s for the site's pages), with the larger stack its code then needs.
    const jvm = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss16m"];
    execFileSync(java, [...jvm, "-jar", vnu, "--format", "json", "--errors-only", ...pages], {
      encoding: "utf8",
      stdio: "pipe",
    });
  } catch (error) {
    report = (error as { stderr?: string }).stderr ?? String(error);
  }
  const messages = report
    ? (JSON.parse(report) as { messages: { url: string; message: string; lastLine?: number }[] }).messages
    : [];
  // The checker's CSS grammar predates cross-document view transitions (CSS View Transitions Level 2).
  const newerCss = (message: string) => message === "CSS: Unrecognized at-rule “@view-transition”";
  expect(
    messages
      .filter((m) => !newerCss(m.message))
      .map((m) => `${m.url.replace(/^.*dist\//, "")}:${m.lastLine}: ${m.message}`),
  ).toEqual([]);
});

test("no built page or script of the site carries /admin/'s on-the-page editing: no marks, no outlines, nothing typed in place", () => {
  const pages = (readdirSync(dist, { recursive: true }) as string[]).filter(
    (f) => f.endsWith(".html") && !f.split(/[\\/]/).includes("admin"),
  );
  expect(pages.length).toBeGreaterThanOrEqual(content.pages.length);
  // The pages, and every script they load, and every script those import (the site's own; /admin/'s are its own).
  const files = new Set(pages);
  for (const file of files) {
    const text = readFileSync(join(dist, file), "utf8");
    for (const [, src] of text.matchAll(/["'(/]((?:assets\/)?[\w.-]+\.js)["')]/g)) {
      const path = src!.startsWith("assets/") ? src! : `assets/${src}`;
      if (existsSync(join(dist, path))) files.add(path);
    }
  }
  expect([...files].some((f) => f.endsWith(".js"))).toBe(true);
  const traces: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(dist, file), "utf8");
    // The invisible marks (admin/inspect/marks.ts), the attributes and the styles the preview adds.
    for (const trace of ["\u2063", "\u2064", "data-cms-", "cms-field-tag", "contenteditable"])
      if (text.includes(trace)) traces.push(`${file}: ${JSON.stringify(trace)}`);
  }
  expect(traces).toEqual([]);
});
