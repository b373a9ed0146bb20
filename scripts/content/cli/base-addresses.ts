/**
 * The content check's comparison with `main` (issue 59, item 8): the addresses the base publishes,
 * read from Git, against those of the content on disk; a change that drops a live address without a
 * redirect is refused, naming the lines to add to content/redirects.yaml (kept-addresses.ts).
 * The base: CONTENT_BASE (any commit name), else on a pull request in CI the branch it goes into
 * (GITHUB_BASE_REF, fetched by .github/workflows/ci.yml), else `main` (or `origin/main`). Without
 * history (a copy without .git, a shallow clone without the base, no git) the check says so and
 * compares with the addresses the last build recorded instead, as warnings: a marketer's valid change
 * is never refused for want of history. CONTENT_BASE=off turns the comparison off.
 * Speed: one `git ls-tree` and one `git cat-file --batch` of the files that make addresses; the
 * base's table of kinds is this one when schemas/ is unchanged; else the base's own, bundled once
 * (esbuild) and kept by its tree's name, asked for its address patterns.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { type Dirent, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import type { KindTable } from "../../../schemas/kinds.ts";
import type { ContentTree, SiteAddresses } from "../stages/published-addresses.ts";
import type { DroppedAddress } from "../stages/kept-addresses.ts";
import type { Problem } from "../problems/problem.ts";

/**
 * The schemas and stages the comparison needs, loaded only when there is something to compare: most
 * checks end at the quick verdict (`changesSince`), and a check whose content is unchanged since
 * the last run (run-memo.ts) loads nothing else.
 */
async function loadParts() {
  const [kinds, fileKinds, addresses, kept] = await Promise.all([
    import("../../../schemas/kinds.ts"),
    import("../../../schemas/file-kinds.ts"),
    import("../stages/published-addresses.ts"),
    import("../stages/kept-addresses.ts"),
  ]);
  return { ...kinds, ...fileKinds, ...addresses, ...kept };
}
type Parts = Awaited<ReturnType<typeof loadParts>>;

const projectRoot = resolve(import.meta.dirname, "..", "..", "..");

/** What the comparison found, and what it compared with (for the report's note). */
export interface KeptResult {
  problems: Problem[];
  /** Said once, in words: why there was no base to compare with. */
  note?: string;
}

function git(args: string[], cwd: string, input?: string): string | undefined {
  const run = spawnSync("git", args, { cwd, encoding: "utf8", input, maxBuffer: 256 * 1024 * 1024 });
  return run.status === 0 ? run.stdout : undefined;
}

/**
 * The repository at the project's root, if it is one: its `.git` (a folder, or a worktree's file). A
 * copy of the project inside another repository is not one, and git would answer for the outer one.
 */
function repository(root: string): boolean {
  return existsSync(join(root, ".git"));
}

/** The base's commit and its name in words, or why there is none. */
export function findBase(root: string, env: NodeJS.ProcessEnv): { commit: string; name: string } | { missing: string } {
  if (!repository(root)) return { missing: "this copy of the project has no Git history" };
  const asked = env.CONTENT_BASE?.trim();
  const candidates = asked
    ? [asked]
    : env.GITHUB_BASE_REF
      ? [`origin/${env.GITHUB_BASE_REF}`, env.GITHUB_BASE_REF]
      : ["main", "origin/main"];
  for (const name of candidates) {
    const commit = git(["rev-parse", "--verify", "--quiet", `${name}^{commit}`], root)?.trim();
    if (commit) return { commit, name: name.replace(/^origin\//, "") };
  }
  const shallow = git(["rev-parse", "--is-shallow-repository"], root)?.trim() === "true";
  return {
    missing: `${candidates.join(" and ")} ${candidates.length > 1 ? "are" : "is"} not in this clone's history${shallow ? " (a shallow clone)" : ""}`,
  };
}

/** The files under content/ at `commit`, read with one `git cat-file --batch`. */
function treeAt(root: string, commit: string, kinds: KindTable, { classifyPath, makesAddresses }: Parts): ContentTree {
  const listed = git(["ls-tree", "-r", "-z", "--name-only", commit, "--", "content/"], root) ?? "";
  const files = listed
    .split("\0")
    .filter(Boolean)
    .map((path) => path.slice("content/".length));
  // Only the files that can make an address: pages, entries of kinds with an address, the site's settings and redirects.
  const wanted = files.filter((file) => {
    const found = classifyPath(file, kinds);
    if (found === undefined || typeof found === "string") return false;
    return found.kind.role === "settings" ? found.kind.name === "site" || found.kind.name === "redirects" : makesAddresses(found.kind);
  });
  const texts = new Map<string, string>();
  if (wanted.length > 0) {
    const out = execFileSync("git", ["cat-file", "--batch"], {
      cwd: root,
      input: wanted.map((file) => `${commit}:content/${file}`).join("\n") + "\n",
      maxBuffer: 256 * 1024 * 1024,
    });
    let at = 0;
    for (const file of wanted) {
      const headerEnd = out.indexOf(10, at);
      const header = out.toString("utf8", at, headerEnd);
      const size = Number(header.split(" ")[2]);
      at = headerEnd + 1;
      if (Number.isNaN(size)) continue; // "missing"
      texts.set(file, out.toString("utf8", at, at + size));
      at += size + 1;
    }
  }
  return { files, read: (file) => texts.get(file) };
}

/** The content folder on disk as a tree. */
export function treeOnDisk(contentDir: string): ContentTree {
  const files = (readdirSync(contentDir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(contentDir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => !file.startsWith("images/"));
  return {
    files,
    read: (file) => {
      try {
        return readFileSync(join(contentDir, file), "utf8");
      } catch {
        return undefined;
      }
    },
  };
}

/** The kinds' table as the base has it: this one when schemas/ is the same, else the base's own, bundled. */
async function kindsAt(root: string, commit: string, cacheDir: string, { contentKinds }: Parts): Promise<KindTable> {
  const baseSchemas = git(["rev-parse", `${commit}:schemas`], root)?.trim();
  if (!baseSchemas) return contentKinds;
  // CommonJS, loaded with require: the CLI's bundle turns every import() into a require() (run.mjs).
  const bundle = resolve(cacheDir, `base-kinds-${baseSchemas}.cjs`);
  if (!existsSync(bundle)) {
    const folder = join(cacheDir, `base-schemas-${baseSchemas}`);
    mkdirSync(folder, { recursive: true });
    // schemas/ imports each section's schema (sections/<type>/schema.ts).
    const folders = ["schemas", ...(git(["rev-parse", "--verify", "--quiet", `${commit}:sections`], root) ? ["sections"] : [])];
    const archive = execFileSync("git", ["archive", "--format=tar", commit, ...folders], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    execFileSync("tar", ["-x", "-C", folder], { input: archive });
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [join(folder, "schemas", "kinds.ts")],
      bundle: true,
      format: "cjs",
      platform: "node",
      packages: "external",
      write: false,
      logLevel: "silent",
    });
    const temporary = `${bundle}.${process.pid}.tmp`;
    writeFileSync(temporary, result.outputFiles[0]!.text);
    renameSync(temporary, bundle);
  }
  return (createRequire(bundle)(bundle) as { contentKinds: KindTable }).contentKinds;
}

/** Files renamed between the base and the content on disk, by git's rename detection (content/ only). */
function renamesSince(root: string, commit: string): Map<string, string> {
  const out = git(["diff", "-M", "--name-status", "-z", commit, "--", "content/"], root) ?? "";
  const parts = out.split("\0");
  const renamed = new Map<string, string>();
  for (let i = 0; i < parts.length; ) {
    const status = parts[i++];
    if (!status) continue;
    if (status.startsWith("R") || status.startsWith("C")) {
      const from = parts[i++]!;
      const to = parts[i++]!;
      renamed.set(from.slice("content/".length), to.slice("content/".length));
    } else i++;
  }
  return renamed;
}

/** A file gone and one new file in the same folder, alone there: the same entry renamed (git sees no untracked file's rename). */
function pairAlone(before: ContentTree, after: ContentTree, renamed: Map<string, string>): void {
  const had = new Set(before.files);
  const has = new Set(after.files);
  const folderOf = (file: string) => file.slice(0, file.lastIndexOf("/") + 1);
  const gone = before.files.filter((file) => !has.has(file) && !renamed.has(file));
  const added = after.files.filter((file) => !had.has(file) && ![...renamed.values()].includes(file));
  for (const file of gone) {
    const same = added.filter((other) => folderOf(other) === folderOf(file));
    const leaving = gone.filter((other) => folderOf(other) === folderOf(file));
    if (same.length === 1 && leaving.length === 1) renamed.set(file, same[0]!);
  }
}

/**
 * The addresses the last build of this project published, as recorded by recordBuiltAddresses: by the
 * project's folder, as copies of the project share node_modules/ (and its cache) with it.
 */
const recordOf = (root: string, cacheDir: string) =>
  join(cacheDir, `published-addresses-${createHash("sha256").update(root).digest("hex").slice(0, 12)}.json`);

/** Records what a build published, for a later check without history. */
export async function recordBuiltAddresses(contentDir: string, { now, cacheDir, root = projectRoot }: Omit<KeptOptions, "env">): Promise<void> {
  if (resolve(contentDir) !== join(root, "content")) return;
  const { publishedAddresses } = await loadParts();
  const site = publishedAddresses(treeOnDisk(contentDir), { now });
  mkdirSync(cacheDir, { recursive: true });
  const data = { addresses: [...site.addresses.values()], redirects: [...site.redirects] };
  const temporary = `${recordOf(root, cacheDir)}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(data));
  renameSync(temporary, recordOf(root, cacheDir));
}

function recordedAddresses(root: string, cacheDir: string): SiteAddresses | undefined {
  try {
    const data = JSON.parse(readFileSync(recordOf(root, cacheDir), "utf8")) as {
      addresses: SiteAddresses["addresses"] extends Map<string, infer A> ? A[] : never;
      redirects: [string, string][];
    };
    return { addresses: new Map(data.addresses.map((a) => [a.path, a])), redirects: new Map(data.redirects), unread: new Set() };
  } catch {
    return undefined;
  }
}

/** Where to report a dropped address: the file that makes its new address, else the redirects' file. */
function problemOf(dropped: DroppedAddress, contentDir: string, against: string, warning: boolean, { droppedMessage }: Parts): Problem {
  const file = join(contentDir, dropped.toFile ?? "redirects.yaml");
  const shown = relative(process.cwd(), existsSync(file) ? file : join(contentDir, "redirects.yaml")).split(sep).join("/");
  return {
    file: shown,
    line: 1,
    column: 1,
    field: "",
    message: droppedMessage(dropped, against),
    ...(warning ? { severity: "warning" as const } : {}),
  };
}

export interface KeptOptions {
  /** The clock (ms): what is live before and after. */
  now: number;
  /** Keeps the base's table of kinds (bundled) and the last build's record. */
  cacheDir: string;
  /** The project's folder: its content/ is the one compared, its Git history the base's. */
  root?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Whether the change certainly drops nothing, from git's list of what differs from the base alone (one
 * git run): no file under content/ gone or renamed, no page changed (its route may have), schemas/
 * and sections/ as they were (a kind's address may have changed). Added files and edited entries keep every address.
 */
function changesSince(root: string, commit: string): { nothingDropped: boolean; schemas: boolean } {
  const out = git(["diff", "--no-renames", "--name-status", "-z", commit, "--", "content/", "schemas/", "sections/"], root);
  if (out === undefined) return { nothingDropped: false, schemas: true };
  const parts = out.split("\0").filter(Boolean);
  let nothingDropped = true;
  let schemas = false;
  for (let i = 0; i < parts.length; i += 2) {
    const [status, path] = [parts[i]!, parts[i + 1]!];
    if (!path.startsWith("content/")) schemas = true;
    else if (status !== "A" && !(status === "M" && !path.startsWith("content/pages/") && path !== "content/redirects.yaml")) nothingDropped = false;
  }
  return { nothingDropped: nothingDropped && !schemas, schemas };
}

/** The comparison: the content on disk (`contentDir`) against the base. */
export async function checkKeptAddresses(
  contentDir: string,
  { now, cacheDir, root = projectRoot, env = process.env }: KeptOptions,
): Promise<KeptResult> {
  // Only the project's own content/ has a history to compare with; another folder (a test's) is not published.
  if (env.CONTENT_BASE === "off" || resolve(contentDir) !== join(root, "content")) return { problems: [] };
  const base = findBase(root, env);
  if ("missing" in base) {
    if (!existsSync(recordOf(root, cacheDir)))
      return { problems: [], note: `addresses not compared with main: ${base.missing}, and no build has run here yet` };
    const parts = await loadParts();
    const recorded = recordedAddresses(root, cacheDir);
    if (!recorded) return { problems: [], note: `addresses not compared with main: ${base.missing}, and the last build's record cannot be read` };
    const dropped = parts.droppedAddresses(recorded, parts.publishedAddresses(treeOnDisk(contentDir), { now }));
    return {
      problems: dropped.map((d) => problemOf(d, contentDir, "the last build", true, parts)),
      note: `addresses compared with the last build, not main: ${base.missing}`,
    };
  }
  const changes = changesSince(root, base.commit);
  if (changes.nothingDropped) return { problems: [] };
  const parts = await loadParts();
  // The base's table could not be read (its code needs what this checkout lacks): today's, said once.
  let kinds: KindTable = parts.contentKinds;
  let note: string | undefined;
  try {
    if (changes.schemas) kinds = await kindsAt(root, base.commit, cacheDir, parts);
  } catch (error) {
    note = `the addresses on ${base.name} are read with this branch's table of kinds (${base.name}'s could not be loaded: ${String(error).split("\n")[0]})`;
  }
  const beforeTree = treeAt(root, base.commit, kinds, parts);
  const before = parts.publishedAddresses(beforeTree, { now, kinds });
  const after = treeOnDisk(contentDir);
  const renamed = renamesSince(root, base.commit);
  pairAlone(beforeTree, after, renamed);
  const dropped = parts.droppedAddresses(before, parts.publishedAddresses(after, { now }), renamed);
  return { problems: dropped.map((d) => problemOf(d, contentDir, base.name, false, parts)), ...(note ? { note } : {}) };
}
