/**
 * Which checks CI runs (.github/workflows/ci.yml's first job): "content", the fast lane
 * (`npm run test:content`), when a pull request changes files under content/ and nothing else;
 * "full" (`npm test`) for anything else, for every push to main, and whenever the changed files
 * cannot be listed (a missing base commit, a git error): when unsure, everything runs.
 * GitHub's `paths` filters say "any of these changed", never "only these", hence this step.
 * Plain JavaScript with no dependencies: the job runs it before `npm ci`.
 * Usage: node tools/ci/lane.mjs <event> [base-sha] [head-sha]
 * Out: `lane=content|full` appended to $GITHUB_OUTPUT when set, and a line saying why on stdout.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync } from "node:fs";

/** The content folder: the only place a change may be and still take the fast lane. */
export const contentFolder = "content/";

/**
 * The lane for a list of changed paths (undefined when they could not be listed), with the reason.
 * @param {string} event the GitHub event ("pull_request", "push", ...)
 * @param {string[] | undefined} paths
 * @returns {{ lane: "content" | "full", reason: string }}
 */
export function laneFor(event, paths) {
  if (event !== "pull_request") return { lane: "full", reason: `a ${event || "unknown"} event runs every check` };
  if (!paths) return { lane: "full", reason: "the changed files could not be listed, so every check runs" };
  if (paths.length === 0) return { lane: "full", reason: "no changed file was listed, so every check runs" };
  const others = paths.filter((path) => !path.startsWith(contentFolder));
  if (others.length) {
    const shown = others.slice(0, 5).join(", ") + (others.length > 5 ? `, and ${others.length - 5} more` : "");
    return { lane: "full", reason: `files outside ${contentFolder} changed (${shown}), so every check runs` };
  }
  return {
    lane: "content",
    reason: `only ${contentFolder} changed (${paths.length} file(s)): the fast lane for content`,
  };
}

/**
 * The files changed between the merge base of `base` and `head`, and `head` (what the pull request
 * changes), or undefined when git cannot tell.
 * @returns {string[] | undefined}
 */
export function changedPaths(base, head, cwd = process.cwd()) {
  if (!/^[0-9a-f]{7,64}$/i.test(base ?? "") || !/^[0-9a-f]{7,64}$/i.test(head ?? "")) return undefined;
  try {
    const out = execFileSync("git", ["diff", "--name-only", "--no-renames", `${base}...${head}`], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return out.split("\n").filter(Boolean);
  } catch {
    return undefined;
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const [event = "", base, head] = process.argv.slice(2);
  const { lane, reason } = laneFor(event, event === "pull_request" ? changedPaths(base, head) : []);
  console.log(`lane: ${lane}: ${reason}`);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `lane=${lane}\n`);
}
