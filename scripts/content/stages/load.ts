/**
 * Load: find every file under the content folder, classify it, and parse it: quickly, without
 * positions, when its YAML keeps to a plain subset (fast-yaml.ts), else keeping positions (the
 * `yaml` package's Document, which then explains any syntax error). A quick or cached file's
 * Document is made when something asks for a position.
 * In: the content folder. Out: SourceFile records (YAML data, documents with their nodes' offsets,
 * Markdown bodies with theirs) and the problems found on the way (unknown files, YAML syntax errors).
 */
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { join, relative, sep } from "node:path";
import { parseDocument, type Document } from "yaml";
import { classifyPath, contentKinds, contentLayout, didYouMean, listOf, type ContentKind, type EntriesKind, type KindTable } from "../../../schemas/index.ts";
import { hashOf, jsonSafe, listFiles, read, type CachedFile, type FileCache, type ReadFile } from "./files.ts";
import type { Problem } from "../problems/problem.ts";
import { quickParse } from "./fast-yaml.ts";
import { yamlPartOf } from "./front-matter.ts";
import { lineStartsOf, positionOf, type SourceText } from "../problems/position.ts";
import { explainSyntax, unresolvedAliases } from "../problems/yaml-errors.ts";

export interface SourceFile extends SourceText {
  /** Path for messages, relative to the working directory. */
  path: string;
  /** Path relative to the content folder, with "/" separators. */
  rel: string;
  /** Its kind's name in the table of kinds (schemas/kinds.ts): "site", "pages", "faq", ... */
  kind: string;
  /** Its kind's role (schemas/kinds.ts): what becomes of it. */
  role: ContentKind["role"];
  /** A Markdown file: front matter (its kind's `markdown` schema), then the text. */
  markdown: boolean;
  /** File name without extension: the entry's or form's id, or the page's file name. */
  name: string;
  /** The YAML as plain data. */
  data: unknown;
  /** What the per-file cache holds for these bytes (see cache.ts); absent when there is no cache. */
  cached?: CachedFile;
}

export interface Loaded {
  files: SourceFile[];
  /** Image files, relative to the content folder. */
  images: string[];
  /** Content files that could not be parsed (or are named .yml), relative to the content folder. */
  unreadable: string[];
  problems: Problem[];
}

/** Each path's kind, worked out once per process and table (the dev server lists every file on each save). */
const classified = new WeakMap<KindTable, Map<string, ReturnType<typeof classify>>>();

type Classified = { kind: "image" | "ignored"; name: string } | Omit<FileIdentity, "path" | "rel">;

/** What a file under content/ is, by its path (the table of kinds says), or what is wrong with its name. */
export function classify(rel: string, kinds: KindTable = contentKinds): Classified | string {
  const parts = rel.split("/");
  const fileName = parts[parts.length - 1]!;
  if (fileName.startsWith(".") || rel === "README.md") return { kind: "ignored", name: fileName };
  if (parts[0] === "images") return { kind: "image", name: fileName };
  if (/\.yml$/.test(fileName)) return `rename this file to end in ".yaml" instead of ".yml"`;
  const found = classifyPath(rel, kinds);
  if (typeof found === "string") return found;
  if (found) return { kind: found.kind.name, role: found.kind.role, markdown: found.markdown, name: found.name };
  // A collection written as one file, or a folder beside the collections' that no kind has.
  const collections = kinds.filter((kind): kind is EntriesKind => kind.role === "collection");
  const parent = rel.slice(0, rel.lastIndexOf("/"));
  const listed = collections.find((kind) => `${kind.folder}.yaml` === rel);
  if (listed) {
    return `a collection is a folder with one file per entry: move each entry of this list to its own file, ${listed.folder}/<id>.yaml (the file name is the id)`;
  }
  const siblings = collections.filter((kind) => kind.folder.slice(0, kind.folder.lastIndexOf("/")) === parent.slice(0, parent.lastIndexOf("/")));
  if (parent.includes("/") && siblings.length > 0 && /\.(yaml|md)$/.test(fileName)) {
    const folder = parent.slice(parent.lastIndexOf("/") + 1);
    const names = siblings.map((kind) => kind.folder.slice(kind.folder.lastIndexOf("/") + 1));
    return `unknown collection "${folder}".${didYouMean(folder, names)} Known collections: ${listOf(names)}`;
  }
  return `this file is not used: ${contentLayout(kinds)}`;
}

const parse = (yamlText: string) => parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true });

/** Whether files may be read quickly (fast-yaml.ts) unless a run says otherwise: CONTENT_QUICK_YAML=off parses every file with positions. */
export function quickReadsByDefault(): boolean {
  return process.env.CONTENT_QUICK_YAML !== "off";
}

/**
 * Whether a file read quickly turned out to hold other data than its positioned parse (compared when
 * a problem needed its positions): the run's explicit last step (pipeline.ts) then does the run
 * again with every file parsed with positions. The tests keep this from happening.
 */
export function quickReadsDiffered(files: readonly SourceFile[]): boolean {
  return files.some((file) => file instanceof CachedSource && file.readDiffers);
}

/**
 * A file the cache knows, or one read quickly: its data without parsing it with positions; the YAML
 * document (positions, for a message or a check that needs them) is parsed the first time something
 * asks for it. For a file read quickly, that Document must hold the same data: `readDiffers` says when not.
 */
export class CachedSource implements SourceFile {
  data: unknown;
  yamlOffset: number;
  body?: { text: string; offset: number };
  /** Read quickly, and the positioned parse found other data (or a mistake): the run is done again with positions. */
  readDiffers = false;
  #doc?: Document.Parsed;
  #lineStarts?: number[];
  path: string;
  rel: string;
  kind: string;
  role: SourceFile["role"];
  markdown: boolean;
  name: string;
  constructor(
    identity: FileIdentity,
    public text: string,
    public cached: CachedFile,
  ) {
    ({ path: this.path, rel: this.rel, kind: this.kind, role: this.role, markdown: this.markdown, name: this.name } = identity);
    this.data = cached.data;
    this.yamlOffset = cached.yamlOffset;
    this.body = cached.body;
  }
  get doc(): Document.Parsed {
    if (this.#doc) return this.#doc;
    const doc = parse(this.text.slice(this.cached.yamlOffset, this.cached.yamlEnd));
    if (this.cached.quick && (doc.errors.length > 0 || !isDeepStrictEqual(doc.toJS({ maxAliasCount: 100 }), this.data))) {
      this.readDiffers = true;
    }
    return (this.#doc = doc);
  }
  get lineStarts(): number[] {
    return (this.#lineStarts ??= lineStartsOf(this.text));
  }
}

/** A content file as classified: where it is and what it holds. */
export type FileIdentity = Pick<SourceFile, "path" | "rel" | "kind" | "role" | "markdown" | "name">;

/**
 * Reads one file quickly (fast-yaml.ts) when its YAML keeps to the plain subset: its data, with the
 * context-free checks passed (the subset's folded blocks are one paragraph each, and the quick read
 * takes no curly-quoted value).
 * Undefined when it needs the positioned parse (`parseSource`), which then also explains its mistakes.
 */
export function quickSource(identity: FileIdentity, text: string, hash = ""): CachedSource | undefined {
  const part = yamlPartOf(text, identity.markdown);
  if (!part) return undefined;
  const { yamlText, yamlOffset, body } = part;
  const quick = quickParse(yamlText);
  if (!quick) return undefined;
  const entry: CachedFile = { hash, data: quick.data, yamlOffset, yamlEnd: yamlOffset + yamlText.length, body, clean: true, quick: true };
  return new CachedSource(identity, text, entry);
}

/**
 * Parses one file with positions: its YAML (a Markdown page's front matter) and, for a page, its
 * body. Out: the file, or none when it cannot be read (its problems say why), and where its YAML ends.
 */
export function parseSource(identity: FileIdentity, text: string): { file?: SourceFile; problems: Problem[]; yamlEnd: number } {
  const { path } = identity;
  const problems: Problem[] = [];
  const lineStarts = lineStartsOf(text);
  const part = yamlPartOf(text, identity.markdown);
  if (!part) {
    problems.push({
      file: path,
      line: 1,
      column: 1,
      field: "",
      message: 'a Markdown page starts with front matter: a line "---", the fields (route, title, ...), and another "---"',
    });
    return { problems, yamlEnd: 0 };
  }
  const { yamlText, yamlOffset, body } = part;
  const doc = parse(yamlText);
  const file: SourceFile = { ...identity, text, lineStarts, doc, yamlOffset, data: undefined, body };
  const yamlEnd = yamlOffset + yamlText.length;
  if (doc.errors.length > 0) {
    for (const { offset, message } of explainSyntax(doc.errors, yamlText)) {
      problems.push({ file: path, ...positionOf(file, yamlOffset + offset), field: "", message });
    }
    return { problems, yamlEnd };
  }
  const aliases = unresolvedAliases(doc, yamlText);
  if (aliases.length > 0) {
    for (const { offset, message } of aliases) problems.push({ file: path, ...positionOf(file, yamlOffset + offset), field: "", message });
    return { problems, yamlEnd };
  }
  file.data = doc.toJS({ maxAliasCount: 100 });
  return { file, problems, yamlEnd };
}

/**
 * `cache`: what earlier runs learned, file by file (cache.ts); files it knows are not parsed.
 * `sources`: files already read, with their hashes (run-memo.ts; the dev server, which forgets a file
 * when the watcher reports it changed); the others are read here, and added to it.
 */
export function load(
  contentDir: string,
  cache?: FileCache,
  sources?: Map<string, ReadFile>,
  { quick = quickReadsByDefault(), kinds = contentKinds }: { quick?: boolean; kinds?: KindTable } = {},
): Loaded {
  const files: SourceFile[] = [];
  const images: string[] = [];
  const unreadable: string[] = [];
  const problems: Problem[] = [];
  // The folder's path for messages, worked out once: each file's is that and its own path.
  const base = relative(process.cwd(), contentDir).split(sep).join("/");
  const display = (rel: string) => (rel === "." ? base : base ? `${base}/${rel}` : rel);

  let found: string[];
  try {
    found = listFiles(contentDir);
  } catch {
    problems.push({ file: display("."), line: 1, column: 1, field: "", message: "the content folder does not exist" });
    return { files, images, unreadable, problems };
  }
  // A settings file that is not optional.
  for (const kind of kinds) {
    if (kind.role === "settings" && !kind.optional && !found.includes(kind.file)) {
      const message = `${kind.noun} ${kind.noun.endsWith("s") ? "are" : "is"} missing: create content/${kind.file}`;
      problems.push({ file: display(kind.file), line: 1, column: 1, field: "", message });
    }
  }

  const classes = classified.get(kinds) ?? classified.set(kinds, new Map()).get(kinds)!;
  for (const rel of found) {
    const path = display(rel);
    const type = classes.get(rel) ?? classes.set(rel, classify(rel, kinds)).get(rel)!;
    if (typeof type === "string") {
      problems.push({ file: path, line: 1, column: 1, field: "", message: type });
      // A .yml file is content under the wrong name: what refers to it is not its problem.
      if (rel.endsWith(".yml")) unreadable.push(rel);
      continue;
    }
    if (!("role" in type) && type.kind === "ignored") continue;
    if (!("role" in type)) {
      images.push(rel);
      continue;
    }
    let known = sources?.get(rel);
    if (!known && sources) sources.set(rel, (known = read(join(contentDir, rel))));
    const text = known?.text ?? readFileSync(join(contentDir, rel), "utf8");
    const hash = cache && (known?.hash ?? hashOf(text));
    const entry = hash ? cache!.get(rel, hash) : undefined;
    // With quick reads off (a run done again after they differed), what they stored is not used either.
    if (entry && (quick || !entry.quick)) {
      files.push(new CachedSource({ path, rel, ...type }, text, entry));
      continue;
    }
    const identity: FileIdentity = { path, rel, ...type };
    const quickly = quick ? quickSource(identity, text, hash) : undefined;
    if (quickly) {
      if (cache && hash && jsonSafe(quickly.data)) cache.set(rel, quickly.cached);
      files.push(quickly);
      continue;
    }
    const parsed = parseSource(identity, text);
    problems.push(...parsed.problems);
    if (!parsed.file) {
      unreadable.push(rel);
      continue;
    }
    const source = parsed.file;
    if (cache && hash && jsonSafe(source.data)) {
      source.cached = { hash, data: source.data, yamlOffset: source.yamlOffset, yamlEnd: parsed.yamlEnd, body: source.body };
      cache.set(rel, source.cached);
    }
    files.push(source);
  }
  return { files, images, unreadable, problems };
}
