import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { content, expect, test } from "./fixtures.ts";

const dist = join(import.meta.dirname, "..", "..", "dist");
const vnu = join(import.meta.dirname, "..", "..", "node_modules", "vnu-jar", "build", "dist", "vnu.jar");

test("every built page passes the Nu Html Checker with no errors", () => {
  const pages = (readdirSync(dist, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".html"))
    .map((f) => join(dist, f));
  expect(pages.length).toBeGreaterThanOrEqual(content.pages.length);
  let report = "";
  try {
    execFileSync("java", ["-jar", vnu, "--format", "json", "--errors-only", ...pages], {
      encoding: "utf8",
      stdio: "pipe",
    });
  } catch (error) {
    report = (error as { stderr?: string }).stderr ?? String(error);
  }
  const messages = report
    ? (JSON.parse(report) as { messages: { url: string; message: string; lastLine?: number }[] }).messages
    : [];
  expect(messages.map((m) => `${m.url.replace(/^.*dist\//, "")}:${m.lastLine}: ${m.message}`)).toEqual([]);
});
