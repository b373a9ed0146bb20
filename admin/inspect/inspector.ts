/**
 * Editing on the page, at work in the preview's box: the marks read (page-marks.ts); a value's field
 * named on hover or focus (field-tag.ts); a click (or Enter) puts the cursor in its field, or offers
 * to open the entry it comes from (open-offer.ts); a double-click (or F2) types it on the page
 * (typing.ts); and every place a field shows outlined (`showWhere`).
 */
import type { Path } from "./fields.ts";
import { FieldTag } from "./field-tag.ts";
import { addLook } from "./look.ts";
import { OpenOffer } from "./open-offer.ts";
import { ACTING, MARKED, markedAt, marksOf, sourceOf, typeable, watchMarks } from "./page-marks.ts";
import type { Source } from "./sources.ts";
import type { Surroundings } from "./surroundings.ts";
import { Typing } from "./typing.ts";

/** How long a click on words that can be typed here waits for a second one (ms). */
const DOUBLE_CLICK = 250;

/** The newest table of sources and surroundings (the preview renders again; the listeners stay). */
export interface Now {
  sources: readonly Source[];
  around: Surroundings;
}

const same = (a: Path, b: Path) => a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

export class Inspector {
  private readonly doc: Document;
  private readonly view: Window;
  private readonly tag: FieldTag;
  private readonly offer: OpenOffer;
  private readonly typing: Typing;
  private readonly stopWatching: () => void;
  private clicked = 0;

  constructor(
    private readonly box: HTMLElement,
    private readonly now: { current: Now },
  ) {
    this.doc = box.ownerDocument;
    this.view = this.doc.defaultView!;
    // Decap's preview frame has no name of its own: a screen reader announces it by this one.
    this.view.frameElement?.setAttribute("title", "Preview of the page: click a text to edit it");
    addLook(this.doc);
    this.tag = new FieldTag(this.doc);
    this.stopWatching = watchMarks(box, this.view);
    this.offer = new OpenOffer(this.doc);
    this.typing = new Typing((field, value) => this.now.current.around.change(field, value));
    box.addEventListener("click", this.onClick, true);
    box.addEventListener("dblclick", this.onDoubleClick, true);
    box.addEventListener("keydown", this.onKey, true);
    box.addEventListener("mouseover", this.onOver);
    box.addEventListener("mouseleave", () => this.showTag(null));
    box.addEventListener("focusin", this.onOver);
    box.addEventListener("focusout", this.onFocusOut);
    // Outside the preview's own text: the panel closes on a click elsewhere.
    this.doc.addEventListener("mousedown", this.onDocClick);
  }

  dispose() {
    this.stopWatching();
    this.tag.remove();
    this.offer.close();
    this.doc.removeEventListener("mousedown", this.onDocClick);
    this.view.clearTimeout(this.clicked);
  }

  /** Outlines every place the field at `path` of the entry being edited shows, the first scrolled into view. */
  showWhere(path: Path): boolean {
    const wanted = new Set(
      this.now.current.sources.flatMap((s, n) =>
        s.here && (same(s.field, path) || same(s.path, path)) ? [String(n)] : [],
      ),
    );
    let first: Element | undefined;
    for (const element of this.box.querySelectorAll(`[${MARKED}]`)) {
      const shows = marksOf(element).some((n) => wanted.has(String(n)));
      element.toggleAttribute("data-cms-shown", shows);
      if (shows) first ??= element;
    }
    if (first) {
      const rect = first.getBoundingClientRect();
      if (rect.bottom < 0 || rect.top > this.view.innerHeight) first.scrollIntoView({ block: "center" });
    }
    return first !== undefined;
  }

  private showTag(element: Element | null) {
    const { sources, around } = this.now.current;
    const source = element && sourceOf(element, sources);
    if (!element || !source) {
      this.tag.hide();
      return;
    }
    const name = around.labelOf(source.entry, source.field);
    const hint = !source.here
      ? `${around.open(source.entry).what}: click to edit it`
      : typeable(element, sources)
        ? "Click to edit · double-click or F2 to type here"
        : "Click to edit";
    this.tag.show(element, name, hint);
  }

  private startTyping(element: Element): boolean {
    const found = typeable(element, this.now.current.sources);
    if (!found) return false;
    this.typing.start(found);
    this.tag.hide();
    return true;
  }

  /** A click on a value: to its field, or (a value of another entry) the offer to open that entry. */
  private act(element: Element) {
    const { sources, around } = this.now.current;
    const source = sourceOf(element, sources);
    if (!source) return;
    if (source.here) {
      around.goTo(source.field);
      return;
    }
    const { action, what, go } = around.open(source.entry);
    const words = `“${around.labelOf(source.entry, source.field)}” comes from ${what}.`;
    this.offer.show(element, words, action, () => go(source.field));
  }

  private onClick = (event: MouseEvent) => {
    const element = markedAt(event.target, this.box);
    if (!element) return;
    if (this.typing.current?.host.contains(event.target as Node)) {
      // Typing in a link's or a button's words: the click places the cursor, it does not follow the link.
      event.preventDefault();
      return;
    }
    // In the preview a link or button is content to edit, not a way to leave the page.
    event.preventDefault();
    event.stopPropagation();
    if (event.detail > 1) return;
    // Words that can be typed here wait a moment for a second click (typing here) before going to their field.
    this.view.clearTimeout(this.clicked);
    if (typeable(element, this.now.current.sources))
      this.clicked = this.view.setTimeout(() => this.act(element), DOUBLE_CLICK);
    else this.act(element);
  };

  private onDoubleClick = (event: MouseEvent) => {
    const element = markedAt(event.target, this.box);
    if (!element) return;
    this.view.clearTimeout(this.clicked);
    if (this.startTyping(element)) event.preventDefault();
  };

  private onKey = (event: KeyboardEvent) => {
    const typing = this.typing.current;
    if (typing && event.key === " " && typing.host.closest(ACTING)) {
      // A space in a button's or a question's words is a space, not a press of the button.
      event.preventDefault();
      this.doc.execCommand("insertText", false, " ");
      return;
    }
    if (typing) {
      if (event.key === "Enter" || event.key === "Escape") {
        event.preventDefault();
        this.typing.stop(event.key === "Enter");
        typing.host.closest<HTMLElement>(`[${MARKED}]`)?.focus();
      }
      return;
    }
    const element = markedAt(event.target, this.box);
    if (!element || event.target !== element) return;
    if (event.key === "F2" && this.startTyping(element)) event.preventDefault();
    else if (event.key === "Enter" || (event.key === " " && !element.matches("input, textarea"))) {
      event.preventDefault();
      this.act(element);
    }
  };

  private onOver = (event: Event) => {
    if (!this.typing.current) this.showTag(markedAt(event.target, this.box));
  };

  private onFocusOut = (event: FocusEvent) => {
    const typing = this.typing.current;
    if (typing && !typing.host.contains(event.relatedTarget as Node)) this.typing.stop(true);
    this.showTag(null);
  };

  private onDocClick = (event: MouseEvent) => {
    this.offer.closeUnless(event.target as Node);
  };
}
