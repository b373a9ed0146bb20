/**
 * Links written in content fields (site.yaml's navigation and footer, a section's buttons) to pages
 * with a window, Zod-free and browser-safe: the build at its time (scripts/content/stages/schedule.ts)
 * and the preview at a chosen time (ui/content/ContentProvider.tsx) leave out the same links, by
 * this one rule. A link is an object with a `label` and a `to` that is a route; it goes to the page
 * at the path of `to`.
 */

/** A link's page: the path of `to` when it is a route ("/offer#terms" → "/offer"), else none. */
export function linkedRoute(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const { label, to } = value as { label?: unknown; to?: unknown };
  return typeof label === "string" && typeof to === "string" && to.startsWith("/")
    ? to.replace(/[?#].*$/, "")
    : undefined;
}

/** A reference to a collection entry: `{ kind, id }` and nothing else. */
export function isEntryReference(value: unknown): value is { kind: string; id: string } {
  const keys = value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
  return (
    keys.length === 2 &&
    typeof (value as { kind?: unknown }).kind === "string" &&
    typeof (value as { id?: unknown }).id === "string"
  );
}

/**
 * `value` without the items `gone` says are left out (a link to a hidden page, a reference to a
 * hidden entry), at any depth: a list loses them, a field holding one is left out. `emptied` is set
 * when a list that named entries names none any more.
 */
export function withoutItems(
  value: unknown,
  gone: (item: unknown) => boolean,
  state: { emptied: boolean } = { emptied: false },
): unknown {
  if (Array.isArray(value)) {
    const kept = value.filter((item) => !gone(item));
    if (kept.length === 0 && value.some(isEntryReference)) state.emptied = true;
    return kept.map((item) => withoutItems(item, gone, state));
  }
  if (value === null || typeof value !== "object" || isEntryReference(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!gone(field)) out[key] = withoutItems(field, gone, state);
  }
  return out;
}

/** A page's window as written: its `publishDate` and `expiryDate`. */
export interface PageWindow {
  publishDate?: string;
  expiryDate?: string;
}

/** The windows of the pages that have one, by route (the generated index exports them for the previews). */
export function pageWindowsOf(pages: readonly ({ route: string } & PageWindow)[]): Record<string, PageWindow> {
  const windows: Record<string, PageWindow> = {};
  for (const { route, publishDate, expiryDate } of pages) {
    if (publishDate === undefined && expiryDate === undefined) continue;
    windows[route] = {
      ...(publishDate === undefined ? {} : { publishDate }),
      ...(expiryDate === undefined ? {} : { expiryDate }),
    };
  }
  return windows;
}
