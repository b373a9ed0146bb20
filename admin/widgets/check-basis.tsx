/**
 * What the check before saving knows the other content files from, in words for the marketer
 * ("against the content as it is now, read at 10:42:07"): a line under the last field of the entry,
 * the end of the form. content-cache.ts says it; widgets/checks.tsx shows it.
 */
import { useSyncExternalStore } from "react";
import { config } from "../config.ts";
import type { Entry } from "../decap/decap.ts";

let basis = "";
const listeners = new Set<() => void>();

/** Says what the check before saving knows the other content from. */
export function setBasis(words: string) {
  basis = words;
  for (const listener of listeners) listener();
}

/** The name of an entry's last top-level field (the line goes under it). */
export function lastFieldOf(entry: Entry): string | undefined {
  const collection = config.collections.find((c) => c.name === entry.collection);
  const fields = collection?.files ? collection.files.find((f) => f.name === entry.slug)?.fields : collection?.fields;
  return fields?.at(-1)?.name;
}

/** The line, as it is now. */
export function CheckBasis() {
  const words = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => basis,
  );
  return (
    <p
      id="cms-check-basis"
      role="status"
      style={{ margin: "1rem 0 0", color: "#3f4554", font: "13px/1.4 system-ui, sans-serif" }}
    >
      {words}
    </p>
  );
}
