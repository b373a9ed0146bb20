/**
 * The addresses the kinds with pages make (rows of schemas/kinds.ts with an `address`), read from the
 * files as written, before their schemas check them (as declared.ts reads ids and routes): each
 * entry's page, and the pages of the kind's listing, of its tags' and of its authors'. Drafts and
 * unlisted entries make no listing; a listing with no entry is not built, so it has no address.
 * Browser-safe: the links' checks (declared.ts, /admin/'s too) and the rule that addresses are unique
 * (rules.ts) read them. The schedule is not read here: a scheduled entry's address is known, and
 * stages/schedule.ts says when it is shown.
 */
import {
  authorAddress,
  contentKinds,
  defaultPerPage,
  entryAddress,
  listingAddress,
  pageAddress,
  pageCount,
  pagesKinds,
  tagAddress,
  type KindTable,
  type PagesKind,
} from "../../../schemas/index.ts";
import type { SourceFile } from "./load.ts";
import { asRecord, asString } from "./unchecked.ts";

/** An address a kind with pages makes, and what makes it. */
export interface MadeAddress {
  route: string;
  kind: PagesKind;
  /** An entry's page: its file. A listing's page: none (the files it lists). */
  file?: Pick<SourceFile, "kind" | "name" | "data"> & Partial<Pick<SourceFile, "path">>;
  /** "the guide printer-offline", "the listing of the help guides", "the help guides tagged printers". */
  what: string;
  /** Every entry that would be on it (or, an entry's page, the entry itself) is a draft. */
  draft: boolean;
}

type RawFile = Pick<SourceFile, "kind" | "name" | "data"> & Partial<Pick<SourceFile, "path">>;

/** A tag's part of an address: its `slug`, or its id. */
export function tagSlug(tag: RawFile): string {
  return asString(asRecord(tag.data).slug) ?? tag.name;
}

/** The pages a listing of `count` entries takes, from its first address. */
function listingPages(first: string, count: number, perPage: number): string[] {
  return Array.from({ length: pageCount(count, perPage) }, (_, index) => pageAddress(first, index + 1));
}

/** Every address the kinds with pages make from `files`. */
export function madeAddresses(files: readonly RawFile[], kinds: KindTable = contentKinds): MadeAddress[] {
  const made: MadeAddress[] = [];
  const tags = new Map(files.filter((file) => file.kind === "tags").map((file) => [file.name, file]));
  for (const kind of pagesKinds(kinds)) {
    const perPage = kind.perPage ?? defaultPerPage;
    const entries = files.filter((file) => file.kind === kind.name);
    for (const file of entries) {
      const draft = asRecord(file.data).draft === true;
      made.push({ route: entryAddress(kind.address, file.name), kind, file, what: `the ${kind.noun} "${file.name}"`, draft });
    }
    const listed = entries.filter((file) => asRecord(file.data).draft !== true && asRecord(file.data).unlisted !== true);
    for (const route of listingPages(listingAddress(kind.address), listed.length, perPage)) {
      made.push({ route, kind, what: `the listing of the ${kind.title.toLowerCase()}`, draft: false });
    }
    const byTag = new Map<string, number>();
    const byAuthor = new Map<string, number>();
    for (const file of listed) {
      const data = asRecord(file.data);
      for (const tag of Array.isArray(data.tags) ? data.tags : []) {
        const found = typeof tag === "string" ? tags.get(tag) : undefined;
        if (found && asRecord(found.data).draft !== true) byTag.set(tagSlug(found), (byTag.get(tagSlug(found)) ?? 0) + 1);
      }
      const author = asString(data.author);
      if (author) byAuthor.set(author, (byAuthor.get(author) ?? 0) + 1);
    }
    for (const [slug, count] of byTag) {
      for (const route of listingPages(tagAddress(kind.address, slug), count, perPage)) {
        made.push({ route, kind, what: `the ${kind.title.toLowerCase()} tagged "${slug}"`, draft: false });
      }
    }
    for (const [author, count] of byAuthor) {
      for (const route of listingPages(authorAddress(kind.address, author), count, perPage)) {
        made.push({ route, kind, what: `the ${kind.title.toLowerCase()} by "${author}"`, draft: false });
      }
    }
  }
  return made;
}
