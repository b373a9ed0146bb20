/** The content check's messages as a field shows them: where inside the field, and without what a button offers. */
import type { Found } from "../editor/check.ts";

/** "sections[3].questions[1]" inside "sections" → "item 4 › questions › item 2". */
function where(rest: string): string {
  return rest
    .replace(/^\./, "")
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((part) => (/^\[\d+\]$/.test(part) ? `item ${Number(part.slice(1, -1)) + 1}` : part))
    .join(" › ");
}

/** The value a message suggests instead: `Did you mean "/careers"?` gives "/careers". */
export function suggestionIn(message: string): string | undefined {
  return /Did you mean "([^"]+)"\?/.exec(message)?.[1];
}

/** The check's message as the field shows it: the suggestion is a button, so the long list of choices goes. */
function forPeople(message: string): string {
  return suggestionIn(message) ? message.replace(/\s*(Known|The site's) [^:]*:.*$/s, "") : message;
}

/** What the field at `here` says of the problems `found` at it and inside it. */
export function messageAt(here: string, found: Found[]): string {
  return found
    .map((p) =>
      p.field === here ? forPeople(p.message) : `${where(p.field.slice(here.length))}: ${forPeople(p.message)}`,
    )
    .join(" · ");
}
