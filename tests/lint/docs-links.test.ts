/**
 * The docs cannot point nowhere: every relative link and image in README.md, CONTRIBUTING.md and
 * docs/**\/*.md lands on a file or folder of the repository, and every `#anchor` (in the same file or
 * another Markdown file) on one of that file's headings, by GitHub's rules for a heading's anchor
 * (lower case; punctuation other than `-` and `_` dropped; each space a `-`; a repeated heading gets
 * `-1`, `-2`). Links are read as Markdown is (mdast), so a link written inside code is not a link.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fromMarkdown } from "mdast-util-from-markdown";
import { describe, expect, it } from "vitest";
import { root } from "../../tools/shared/copy-project.ts";

interface Node {
  type: string;
  url?: string;
  value?: string;
  depth?: number;
  children?: Node[];
  position?: { start: { line: number } };
}

/** The Markdown files the docs are: README.md, CONTRIBUTING.md and everything under docs/. */
const files = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync(join(root, "docs"), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`),
];

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

const text = (node: Node): string => node.value ?? (node.children ?? []).map(text).join("");

/** GitHub's anchor for a heading's text (github-slugger's rules). */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

const trees = new Map<string, Node>();
const tree = (file: string) =>
  trees.get(file) ?? trees.set(file, fromMarkdown(readFileSync(join(root, file), "utf8")) as Node).get(file)!;

/** Every anchor a file's headings make, repeated ones numbered as GitHub numbers them. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const made = new Set<string>();
  for (const node of walk(tree(file))) {
    if (node.type !== "heading") continue;
    const base = slug(text(node));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    made.add(count ? `${base}-${count}` : base);
  }
  return made;
}

describe("GitHub's anchors", () => {
  it("are made from a heading as GitHub makes them", () => {
    expect(slug("CI: the full suite (`npm test`) and its parts")).toBe("ci-the-full-suite-npm-test-and-its-parts");
    expect(slug("Images: npm run bench:images")).toBe("images-npm-run-benchimages");
    expect(slug("Where does a new … go")).toBe("where-does-a-new--go");
    expect(slug("1. Scaffold it")).toBe("1-scaffold-it");
    expect(slug("adding_a Section")).toBe("adding_a-section");
  });
});

describe("every relative link in the docs", () => {
  it("lands on a file, and its #anchor on a heading of that file", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const node of walk(tree(file))) {
        if ((node.type !== "link" && node.type !== "image" && node.type !== "definition") || !node.url) continue;
        const url = node.url;
        if (/^[a-z][a-z+.-]*:/i.test(url) || url.startsWith("//")) continue;
        checked++;
        const at = `${file}:${node.position?.start.line}: ${url}`;
        const [path = "", anchor] = decodeURI(url).split("#");
        const target = path === "" ? file : path.startsWith("/") ? path.slice(1) : join(dirname(file), path);
        const onDisk = join(root, target.split("?")[0]!);
        if (!existsSync(onDisk)) {
          broken.push(`${at}: no file ${relative(root, onDisk)}`);
          continue;
        }
        if (
          anchor &&
          onDisk.endsWith(".md") &&
          statSync(onDisk).isFile() &&
          !anchors(relative(root, onDisk)).has(anchor)
        )
          broken.push(`${at}: no heading in ${relative(root, onDisk)} makes the anchor #${anchor}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });
});
