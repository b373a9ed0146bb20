/**
 * A new address for an entry of a kind with pages (a guide, a case study): whether the id asked for
 * can be its file's new name, by the content check's own rules, and what the rename writes. Pure: no
 * Decap, no DOM (change-address.ts asks it as the marketer types, and before renaming).
 * - the id: a file name the check accepts for the kind (schemas/file-kinds.ts `classifyPath`: lower-case
 *   letters, digits and hyphens);
 * - not the entry's own, nor another entry's of the kind (its file);
 * - an address nothing else claims: a page's route, another entry's page, the kind's listing and its
 *   later pages, tags' and authors' pages (published-addresses.ts and addresses.ts `madeAddresses`, as
 *   rules.ts checks that addresses are unique), nor an old address content/redirects.yaml sends on
 *   (a redirect from a live address is refused by schemas/redirects.ts);
 * - the redirect from the old address (rename-redirect.ts), when the entry published one.
 */
import { classifyPath, idLike } from "../../schemas/file-kinds.ts";
import { contentKinds, pagesKinds, type KindTable, type PagesKind } from "../../schemas/kinds.ts";
import { entryAddress } from "../../schemas/addresses.ts";
import { madeAddresses } from "../../scripts/content/stages/addresses.ts";
import { publishedAddresses } from "../../scripts/content/stages/published-addresses.ts";
import { splitFrontMatter } from "../../scripts/content/stages/front-matter.ts";
import { parse } from "yaml";
import type { StoredFile } from "./check.ts";
import { renameRedirect, type RenameRedirect } from "./rename-redirect.ts";

/** The kind with pages of a collection, or undefined (no "Change address" for it). */
export const pagesKindOf = (collection: string, kinds: KindTable = contentKinds): PagesKind | undefined =>
  pagesKinds(kinds).find((kind) => kind.name === collection);

export interface AddressChange {
  /** The entry's file before and after, relative to content/. */
  from: string;
  to: string;
  /** Its address before and after. */
  fromAddress: string;
  toAddress: string;
  /** The redirect added (undefined: the entry published no address, a draft or a scheduled one). */
  redirect?: RenameRedirect;
  /** What the marketer is told once renamed. */
  message: string;
}

/** What a file's data is, for madeAddresses (front matter of a Markdown entry, else YAML); undefined when unreadable. */
function dataOf(rel: string, text: string): unknown {
  try {
    return parse(rel.endsWith(".md") ? (splitFrontMatter(text)?.yamlText ?? "") : text);
  } catch {
    return undefined;
  }
}

/**
 * The entry `slug` of `collection` renamed `newId`: the change, or what is wrong with the id, in
 * words (the field's message).
 */
export function addressChange(
  files: readonly StoredFile[],
  collection: string,
  slug: string,
  newId: string,
  now: number,
  kinds: KindTable = contentKinds,
): { change: AddressChange } | { problem: string } {
  const kind = pagesKindOf(collection, kinds);
  if (!kind) return { problem: `the ${collection} collection has no pages, so its entries have no address` };
  const id = newId.trim();
  const from = `${kind.folder}/${slug}.md`;
  const to = `${kind.folder}/${id}.md`;
  const fromAddress = entryAddress(kind.address, slug);
  const toAddress = entryAddress(kind.address, id);
  if (!id) return { problem: `write the new end of the address, e.g. "${idLike(slug)}-2"` };
  const found = /[/\\.]/.test(id) ? undefined : classifyPath(to, kinds);
  if (typeof found !== "object" || found.kind.name !== kind.name)
    return {
      problem: `use lower-case letters, digits and hyphens only, e.g. "${idLike(id)}": it is the end of the address and the file's name`,
    };
  if (id === slug) return { problem: `this is the ${kind.noun}'s address now: write a new one` };
  const byRel = new Map(files.map((f) => [f.rel, f.text]));
  const text = byRel.get(from);
  if (text === undefined) return { problem: `the ${kind.noun}'s file ${from} is not in the content as read: reload` };
  if ([...byRel.keys()].some((rel) => rel === to || rel === `${kind.folder}/${id}.yaml`))
    return { problem: `another ${kind.noun} is called "${id}" (content/${to}): choose another` };
  const after = new Map(byRel);
  after.delete(from);
  after.set(to, text);
  const site = publishedAddresses({ files: [...after.keys()], read: (rel) => after.get(rel) }, { kinds, now });
  const claimed = site.addresses.get(toAddress);
  if (claimed && claimed.file !== to)
    return { problem: `the address ${toAddress} is taken by content/${claimed.file}: choose another` };
  const raw = [...after].flatMap(([rel, fileText]) => {
    const classed = classifyPath(rel, kinds);
    return typeof classed === "object" && classed.kind.role !== "settings"
      ? [{ kind: classed.kind.name, name: classed.name, data: dataOf(rel, fileText), path: rel }]
      : [];
  });
  const made = madeAddresses(raw, kinds).find((m) => m.route === toAddress && m.file?.path !== to);
  if (made) return { problem: `the address ${toAddress} is ${made.what}'s: choose another` };
  if (site.redirects.has(toAddress))
    return {
      problem: `content/redirects.yaml sends ${toAddress} on to ${site.redirects.get(toAddress)}: choose another address (or remove that redirect first)`,
    };
  const redirect = renameRedirect(files, from, to, now, kinds);
  const message =
    redirect?.message ??
    `Renamed: ${fromAddress} → ${toAddress}; the ${kind.noun} was not published at its old address, so no redirect was needed`;
  return { change: { from, to, fromAddress, toAddress, redirect, message } };
}
