/**
 * Typing a value on the page: its text made editable in place, and on leaving it, what was typed
 * given to its field as typing in it would (or the text as it was, when asked to or left empty).
 */
import type { Path } from "./fields.ts";
import type { Source } from "./sources.ts";

export class Typing {
  /** The value being typed: the element that holds it, React's text node, the text before, its source. */
  current: { host: HTMLElement; text: Text; before: string; source: Source } | undefined;

  constructor(private readonly change: (field: Path, value: string) => void) {}

  start({ host, text, source }: { host: HTMLElement; text: Text; source: Source }) {
    this.stop(true);
    this.current = { host, text, before: text.data, source };
    host.setAttribute("contenteditable", "plaintext-only");
    host.setAttribute("data-cms-typing", "");
    host.focus();
  }

  /** Stops typing: `keep` gives what was typed to the field. */
  stop(keep: boolean) {
    if (!this.current) return;
    const { host, text, before, source } = this.current;
    this.current = undefined;
    const typed = (host.textContent ?? "").replace(/\s+/g, " ").trim();
    host.removeAttribute("contenteditable");
    host.removeAttribute("data-cms-typing");
    // React's own text node goes back, holding what was typed: React changes it again when the value comes back.
    host.replaceChildren(text);
    text.data = keep && typed ? typed : before;
    if (keep && typed && typed !== before) this.change(source.field, typed);
  }
}
