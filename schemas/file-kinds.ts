/**
 * Which kind a content file is, from its path under content/, by the kinds table (kinds.ts): what the
 * pipeline's load and context stages, the published-addresses check and /admin/'s check use to read
 * a file as its kind, and the words for a file that no row describes.
 */
import { contentKinds, type ContentKind, type KindTable } from "./kinds.ts";

/** What a content file is, from its path relative to content/ ("/" separators). */
export interface FileClass {
  kind: ContentKind;
  /** The entry's id (its file name without extension); a settings file's kind name. */
  name: string;
  /** A Markdown entry: front matter (the row's `markdown` schema), then its text. */
  markdown: boolean;
}

const idPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A file's name as an id: what to rename it to when it is not one. */
export function idLike(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "laptop-repair"
  );
}

/**
 * The kind of a content file, by its path relative to content/; undefined when no row describes it
 * (the caller says where content files go), a string when a row's folder holds it but its name is
 * wrong (what to do instead).
 */
export function classifyPath(rel: string, kinds: KindTable = contentKinds): FileClass | string | undefined {
  for (const kind of kinds) {
    if (kind.role === "settings") {
      if (rel === kind.file) return { kind, name: kind.name, markdown: false };
      continue;
    }
    if (!rel.startsWith(`${kind.folder}/`)) continue;
    const fileName = rel.slice(kind.folder.length + 1);
    if (fileName.includes("/")) continue;
    const match = /^(.+)\.(yaml|md)$/.exec(fileName);
    if (!match) continue;
    const [, id, ext] = match as unknown as [string, string, string];
    const pages = "address" in kind && kind.address !== undefined;
    if (ext === "md" && !kind.markdown && !pages) {
      if (kind.role === "collection") return `an entry of the ${kind.name} collection is a ".yaml" file`;
      continue;
    }
    if (ext === "yaml" && pages) {
      return `an entry of the ${kind.name} collection is a Markdown file, "${id}.md": its fields between two "---" lines, then its text`;
    }
    // An entry's file name is its id, which sections use to show it.
    if (kind.role === "collection" && !idPattern.test(id)) {
      return `rename this file: its name is the entry's id, which other files use to show it. Use lower-case letters, digits and hyphens, e.g. "${idLike(id)}.yaml"`;
    }
    return { kind, name: id, markdown: ext === "md" };
  }
  return undefined;
}

/** Where content files go, for a file no row describes. */
export function contentLayout(kinds: KindTable = contentKinds): string {
  return `content files go in: ${kinds
    .map((kind) =>
      kind.role === "settings"
        ? kind.file
        : "address" in kind && kind.address !== undefined
          ? `${kind.folder}/<id>.md`
          : `${kind.folder}/<${kind.role === "page" ? "name" : "id"}>.yaml${kind.markdown ? `, ${kind.folder}/*.md` : ""}`,
    )
    .join(", ")}, images/`;
}
