/**
 * A rename in /admin/ keeps the old address alive: when an entry's file changes name (its id, so its
 * address), the redirect from the old address to the new one, added to content/redirects.yaml in the
 * same save, and the sentence that says so. The same question the content check asks of a change in
 * Git (scripts/content/stages/kept-addresses.ts), asked of the files /admin/ holds (content-cache.ts).
 * Pure: no Decap, no DOM.
 * In: the stored files (paths relative to content/), the file's path before and after, the clock.
 * Out: the redirects file's new text and the words, or undefined when the rename drops no live address.
 */
import { contentKinds, type KindTable } from "../../schemas/kinds.ts";
import { publishedAddresses } from "../../scripts/content/stages/published-addresses.ts";
import { droppedAddresses, redirectLines } from "../../scripts/content/stages/kept-addresses.ts";
import type { StoredFile } from "./check.ts";

export interface RenameRedirect {
  /** content/redirects.yaml's path relative to content/, and its text with the new lines. */
  file: string;
  text: string;
  /** Each kept address: old → new. */
  kept: { from: string; to: string }[];
  /** What the editor is told, in words. */
  message: string;
}

/** The redirects settings file of the table of kinds, relative to content/. */
function redirectsFile(kinds: KindTable): string | undefined {
  const kind = kinds.find((k) => k.role === "settings" && k.name === "redirects");
  return kind && kind.role === "settings" ? kind.file : undefined;
}

/** The redirect(s) a rename of `from` to `to` needs (relative to content/), or undefined for none. */
export function renameRedirect(
  files: readonly StoredFile[],
  from: string,
  to: string,
  now: number,
  kinds: KindTable = contentKinds,
): RenameRedirect | undefined {
  const file = redirectsFile(kinds);
  if (!file || from === to) return undefined;
  const byRel = new Map(files.map((f) => [f.rel, f.text]));
  const movedText = byRel.get(from);
  if (movedText === undefined) return undefined;
  const before = publishedAddresses({ files: [...byRel.keys()], read: (rel) => byRel.get(rel) }, { kinds, now });
  const after = new Map(byRel);
  after.delete(from);
  after.set(to, movedText);
  const afterSite = publishedAddresses({ files: [...after.keys()], read: (rel) => after.get(rel) }, { kinds, now });
  const dropped = droppedAddresses(before, afterSite, new Map([[from, to]])).filter((d) => d.to);
  if (!dropped.length) return undefined;
  const current = byRel.get(file) ?? "redirects:\n";
  // Existing redirects that led to an old address now lead straight to the new one (no chains).
  let text = current;
  for (const d of dropped) text = text.replace(new RegExp(`(\\bto:\\s*)${escaped(d.from)}\\s*$`, "gm"), `$1${d.to}`);
  text = `${text.replace(/\s*$/, "")}\n${dropped.map((d) => redirectLines(d)).join("\n")}\n`;
  const kept = dropped.map((d) => ({ from: d.from, to: d.to! }));
  const message = kept.map((k) => `Renamed: ${k.from} → ${k.to}; the old address now redirects there`).join(". ");
  return { file, text, kept, message };
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
