/**
 * A published address never becomes a 404: what a change drops, between the addresses published
 * before it (`main`, or the last build) and those after it, and the line of content/redirects.yaml
 * that keeps each one. Pure and browser-safe: the content check (scripts/content/cli/base-addresses.ts
 * reads `main`'s tree with git) and /admin/ (a rename, from the files it holds) ask the same question.
 * In: both sides' addresses (published-addresses.ts), and which file became which (a rename). Out: each dropped
 * address, where it should lead, and the lines to add.
 */
import type { SiteAddresses } from "./published-addresses.ts";

export interface DroppedAddress {
  /** The address that was live before and that nothing answers at now. */
  from: string;
  /** The file that made it before, relative to content/. */
  file: string;
  /** Where it should lead: the same file's address now (a rename, a new route), when it has one. */
  to?: string;
  /** The file that makes `to` now (the renamed file), relative to content/. */
  toFile?: string;
}

/**
 * The addresses live `before` that `after` neither publishes (a draft or a scheduled entry there is
 * the editor's choice, not a loss) nor redirects. `renamed`: a file's path before → after (git's
 * rename detection; /admin/'s rename), so a renamed entry's old address leads to its new one.
 */
export function droppedAddresses(
  before: SiteAddresses,
  after: SiteAddresses,
  renamed: ReadonlyMap<string, string> = new Map(),
): DroppedAddress[] {
  const byFile = new Map([...after.addresses.values()].map((address) => [address.file, address]));
  const dropped: DroppedAddress[] = [];
  for (const address of before.addresses.values()) {
    if (!address.live || after.addresses.has(address.path) || after.redirects.has(address.path)) continue;
    const file = renamed.get(address.file) ?? address.file;
    // A file that cannot be read now is the check's to report, not a lost address.
    if (after.unread.has(file)) continue;
    const now = byFile.get(file);
    // A redirect from the old address to somewhere else that is itself redirected would be a chain:
    // point straight at the end (redirects.ts refuses chains).
    let to = now?.path;
    for (let hops = 0; to !== undefined && after.redirects.has(to) && hops < 10; hops++) to = after.redirects.get(to);
    dropped.push({ from: address.path, file: address.file, ...(to ? { to, toFile: now!.file } : {}) });
  }
  return dropped.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** The entry of content/redirects.yaml that keeps `dropped` working, as it is written in the list. */
export function redirectLines(dropped: DroppedAddress, placeholder = "/the-page-that-replaced-it"): string {
  return `  - from: ${dropped.from}\n    to: ${dropped.to ?? placeholder}`;
}

/** What to tell the editor about one dropped address, in words. */
export function droppedMessage(dropped: DroppedAddress, against: string): string {
  const where = dropped.to
    ? `${dropped.toFile === dropped.file ? "this page" : `content/${dropped.toFile}`} is now at "${dropped.to}"`
    : `content/${dropped.file} is gone`;
  return (
    `"${dropped.from}" is published on ${against}, and after this change nothing answers there (${where}): ` +
    `visitors and search engines with the old address would get "page not found". ` +
    `Add this to content/redirects.yaml, under "redirects:":\n${redirectLines(dropped)}` +
    (dropped.to ? "" : `\n(with "to:" the address of the page that replaced it)`)
  );
}
