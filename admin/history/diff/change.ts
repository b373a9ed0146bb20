/**
 * One change between two versions of an entry, as data (for a screen to render, with its own
 * markup) and as a sentence in the editor's words: "Plans › 'Professional' › Price: 49 → 59".
 * `path` is the labels from the entry down to what changed: fields by their labels, list items by
 * their names ('Professional', "Prices 'Our plans'", "feature 3").
 */
import type { Snippet } from "./word-diff.ts";

/** The kinds of change, each with what it needs said. Values are already in words (values.ts' `shown`). */
export type ChangeData = { path: string[] } & (
  | { kind: "changed"; before: string; after: string }
  | { kind: "set"; after: string }
  | { kind: "cleared"; before: string }
  | { kind: "switched"; on: boolean }
  | { kind: "added"; item: string }
  | { kind: "removed"; item: string }
  /** `to`: the item's new place in words, "first", "last" or "3rd". */
  | { kind: "moved"; item: string; to: string }
  /** Long text: the changed words in a few words of context; `more` changes not shown. */
  | { kind: "edited"; snippets: Snippet[]; more: number }
);

export type FieldChange = ChangeData & { sentence: string };

/** "…fix your printer [-today-] [+within the hour+] from…". */
export function snippetWords(snippet: Snippet): string {
  const words = snippet.pieces.map((p) =>
    p.kind === "same" ? p.text : p.kind === "removed" ? `[-${p.text}-]` : `[+${p.text}+]`,
  );
  return `${snippet.fromStart ? "" : "…"}${words.join(" ")}${snippet.toEnd ? "" : "…"}`;
}

function what(change: ChangeData): string {
  switch (change.kind) {
    case "changed":
      return `${change.before} → ${change.after}`;
    case "set":
      return `set to ${change.after}`;
    case "cleared":
      return `removed (${change.before})`;
    case "switched":
      return change.on ? "turned on" : "turned off";
    case "added":
      return `added ${change.item}`;
    case "removed":
      return `removed ${change.item}`;
    case "moved":
      return `${change.item} moved to ${change.to}`;
    case "edited": {
      if (change.snippets.length === 0) return "spacing or line breaks changed";
      const more = change.more ? ` (and ${change.more} more ${change.more === 1 ? "change" : "changes"})` : "";
      return change.snippets.map(snippetWords).join(" ") + more;
    }
  }
}

/** The change with its sentence: "Features: added 'Remote backup'". */
export function said(change: ChangeData): FieldChange {
  return { ...change, sentence: `${change.path.join(" › ")}: ${what(change)}` };
}
