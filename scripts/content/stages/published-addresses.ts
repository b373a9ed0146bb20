/**
 * The addresses a content tree publishes: the one function that says which paths the site answers at
 * for a set of content files (the pages' routes, and what the kinds with pages make: addresses.ts
 * `madeAddresses`), and which old addresses redirect. The content check compares a change's
 * addresses with those of `main` through it (scripts/content/git/kept-addresses.ts), the pre-renderer
 * checks the redirects it writes for the hosts against it (no redirect may hide a page it publishes),
 * and /admin/ can ask it what a rename drops, from the files it holds. No Node modules, so it runs in
 * the browser too.
 * In: the files' paths (relative to content/) and a way to read one, the table of kinds, the clock.
 * Out: each address with the file that makes it and whether it is live now; the redirects' old addresses.
 * A file that cannot be read as YAML makes no address: the content check reports it on its own. Of
 * what the kinds with pages make, the entries' pages and each kind's listing are kept; a listing's
 * later pages ("/guides/page/2"), tags' and authors' pages follow from the entries and are not.
 */
import { parse } from "yaml";
import { classifyPath, contentKinds, type ContentKind, type KindTable } from "../../../schemas/index.ts";
import { madeAddresses } from "./addresses.ts";
import { liveAt } from "../../../schemas/when.ts";
import { entryAddress, listingAddress } from "../../../schemas/addresses.ts";
import { splitFrontMatter } from "./front-matter.ts";
import { quickParse } from "./fast-yaml.ts";

/** A content tree: its files' paths relative to content/ ("/" separators) and their text. */
export interface ContentTree {
  files: readonly string[];
  /** A file's text, or undefined when it cannot be read. */
  read(file: string): string | undefined;
}

export interface PublishedAddress {
  /** The path the site answers at, e.g. "/guides/printer-offline". */
  path: string;
  /** The file that makes it, relative to content/. */
  file: string;
  /** Published now: not a draft, and inside its window (publishDate, expiryDate). */
  live: boolean;
}

export interface SiteAddresses {
  /** Every address a file claims, drafts and scheduled ones too (`live` tells them apart), by path. */
  addresses: Map<string, PublishedAddress>;
  /** The old addresses content/redirects.yaml sends on, and where. */
  redirects: Map<string, string>;
  /** Files that should make an address but cannot be read for it (broken YAML, no route): the check reports them. */
  unread: Set<string>;
}

/** Whether a kind's files make addresses: pages, and the entries of kinds with pages. */
export function makesAddresses(kind: ContentKind): boolean {
  return kind.role === "page" || addressPatternOf(kind) !== undefined;
}

/** The address pattern of a kind with pages ("/guides/:id"), or undefined. */
export function addressPatternOf(kind: ContentKind): string | undefined {
  const address = (kind as { address?: unknown }).address;
  return typeof address === "string" ? address : undefined;
}

function dataOf(text: string, markdown: boolean): unknown {
  const yamlText = markdown ? splitFrontMatter(text)?.yamlText : text;
  if (yamlText === undefined) return undefined;
  const quick = quickParse(yamlText);
  if (quick) return quick.data;
  try {
    return parse(yamlText);
  } catch {
    return undefined;
  }
}

const fieldOf = (data: unknown, key: string): unknown =>
  data !== null && typeof data === "object" ? (data as Record<string, unknown>)[key] : undefined;

export interface AddressOptions {
  kinds?: KindTable;
  /** The clock (ms): what is outside its window is not live. */
  now: number;
}

/** The addresses `tree` publishes, and its redirects. */
export function publishedAddresses(tree: ContentTree, { kinds = contentKinds, now }: AddressOptions): SiteAddresses {
  const addresses = new Map<string, PublishedAddress>();
  const redirects = new Map<string, string>();
  const unread = new Set<string>();
  const siteKind = kinds.find((kind) => kind.role === "settings" && kind.name === "site");
  const siteText = siteKind && siteKind.role === "settings" ? tree.read(siteKind.file) : undefined;
  const zoneField = siteText === undefined ? undefined : fieldOf(dataOf(siteText, false), "timeZone");
  const zone = typeof zoneField === "string" ? zoneField : undefined;
  const entries: { kind: string; name: string; data: unknown; path: string }[] = [];
  const claim = (path: string, file: string, live: boolean) => {
    // Two files at one address: the content check refuses it; here the first keeps it.
    if (!addresses.has(path)) addresses.set(path, { path, file, live });
  };
  for (const file of tree.files) {
    const found = classifyPath(file, kinds);
    if (found === undefined || typeof found === "string") continue;
    const { kind, name, markdown } = found;
    if (kind.role === "settings") {
      if (kind.name !== "redirects") continue;
      const text = tree.read(file);
      const list = text === undefined ? undefined : fieldOf(dataOf(text, false), "redirects");
      if (!Array.isArray(list)) continue;
      for (const entry of list) {
        const from = fieldOf(entry, "from");
        const to = fieldOf(entry, "to");
        if (typeof from === "string" && typeof to === "string") redirects.set(from, to);
      }
      continue;
    }
    if (!makesAddresses(kind)) continue;
    const text = tree.read(file);
    const data = text === undefined ? undefined : dataOf(text, markdown);
    if (data === undefined || data === null || typeof data !== "object") {
      unread.add(file);
      continue;
    }
    if (kind.role === "page") {
      const route = fieldOf(data, "route");
      if (typeof route === "string" && route.startsWith("/")) claim(route, file, fieldOf(data, "draft") !== true && liveAt(data, now, zone));
      else unread.add(file);
    } else entries.push({ kind: kind.name, name, data, path: file });
  }
  // An entry out of its window is not listed either; a draft's listing addresses are marked by madeAddresses.
  const shown = entries.filter((entry) => liveAt(entry.data, now, zone));
  for (const made of madeAddresses(shown, kinds)) {
    // Kept: each entry's page and its kind's listing. A listing's later pages, a tag's and an
    // author's pages come and go with the entries on them: an edit of an entry never has to redirect them.
    if (made.file) claim(made.route, made.file.path ?? made.route, !made.draft);
    else if (made.route === listingAddress(made.kind.address)) claim(made.route, `${made.kind.folder}/`, true);
  }
  for (const entry of entries.filter((entry) => !shown.includes(entry))) {
    const pattern = addressPatternOf(kinds.find((kind) => kind.name === entry.kind)!);
    if (pattern) claim(entryAddress(pattern, entry.name), entry.path, false);
  }
  return { addresses, redirects, unread };
}

/** The paths `site` publishes now (live ones only), sorted. */
export function livePaths(site: SiteAddresses): string[] {
  return [...site.addresses.values()]
    .filter((address) => address.live)
    .map((address) => address.path)
    .sort();
}
