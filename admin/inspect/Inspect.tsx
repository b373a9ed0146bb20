/**
 * Edit on the page: the preview's texts, pictures, links and buttons that come from content, outlined
 * with their field's name on hover or focus. A click (or Enter) puts the cursor in the field that holds
 * it, its list item opened; a value of another entry (a FAQ question a section lists, the site's phone
 * number) offers to open that entry. A double-click (or F2) on plain text types it on the page, saved
 * as typing in its field would be. The cursor in a field of the form outlines every place its value
 * shows, the first scrolled into view.
 *
 * How it knows: the preview's content carries invisible marks (marks.ts, sources.ts); after each
 * render the marks are read out of the page's text and alt texts, taken out, and the elements they
 * were in are given `data-cms-at` (which marks) and, where they cannot take the focus, `tabindex`.
 * Only this preview does this: the site's pages are rendered without any of it.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { hasMarks, readMarks } from "./marks.ts";
import type { EntryName, Source } from "./sources.ts";
import type { Path } from "./fields.ts";

/** What the preview needs of /admin/ around it (main.tsx): the form's fields and the entries' names. */
export interface Surroundings {
  /** Puts the cursor in the field at `path` of the entry being edited; false when the form has no such field. */
  goTo(path: Path): boolean;
  /** Changes the field at `path` as typing in it would; false when it cannot. */
  change(path: Path, value: string): boolean;
  /** The field's name as the form shows it ("Heading"). */
  labelOf(entry: EntryName, path: Path): string;
  /** What another entry is and how to open it: "Edit this question" and its address. */
  open(entry: EntryName): { action: string; what: string; go(field: Path): void };
}

const MARKED = "data-cms-at";
const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
/** An element that acts on a click (a link, a button): the text's outline is put on it, its one stop in the tab order. */
const ACTING = "a, button, summary, label";
/** How long a click on words that can be typed here waits for a second one (ms). */
const DOUBLE_CLICK = 250;
const IGNORED = new Set(["SCRIPT", "STYLE", "TITLE", "TEMPLATE", "NOSCRIPT"]);

const style = `
[${MARKED}] { cursor: pointer; }
[${MARKED}]:hover, [${MARKED}]:focus-visible, [${MARKED}][data-cms-shown] {
  outline: 2px dashed #0a58ca; outline-offset: 3px;
}
[${MARKED}][data-cms-shown] { outline-style: solid; outline-width: 3px; }
[data-cms-typing] { outline: 3px solid #6f2dbd !important; outline-offset: 3px; cursor: text; }
#cms-field-tag {
  position: absolute; z-index: 2147483000; max-width: 20rem; padding: 0.2rem 0.5rem; border-radius: 4px;
  background: #0a58ca; color: #fff; font: 600 13px/1.35 system-ui, sans-serif; pointer-events: none;
}
#cms-field-tag small { display: block; font-weight: 400; }
#cms-field-offer {
  position: absolute; z-index: 2147483001; max-width: 22rem; padding: 0.6rem 0.75rem; border-radius: 6px;
  background: #fff; color: #1e2532; border: 2px solid #0a58ca; box-shadow: 0 4px 16px rgb(0 0 0 / 0.2);
  font: 14px/1.4 system-ui, sans-serif;
}
#cms-field-offer p { margin: 0 0 0.5rem; }
#cms-field-offer button {
  font: inherit; padding: 0.3rem 0.8rem; border-radius: 4px; cursor: pointer; margin-right: 0.5rem;
  border: 2px solid #0a58ca; background: #0a58ca; color: #fff;
}
#cms-field-offer button + button { background: #fff; color: #0a58ca; }
`;

/** The marks of the elements of the page: which sources each element shows. */
function marksOf(element: Element): number[] {
  return (element.getAttribute(MARKED) ?? "").split(" ").filter(Boolean).map(Number);
}

/**
 * Reads the marks out of `root`'s text and attributes, takes them out and marks their elements. What a
 * text node held is kept (by node), so an element whose text React changes is marked again.
 */
function readPage(root: HTMLElement, held: WeakMap<Node, number[]>) {
  const changed = new Set<Element>();
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node as Text;
      if (!hasMarks(text.data)) continue;
      const parent = text.parentElement;
      if (!parent || IGNORED.has(parent.tagName)) continue;
      const { numbers, text: clean } = readMarks(text.data);
      text.data = clean;
      held.set(text, numbers);
      const acting = parent.closest(ACTING);
      changed.add(acting && root.contains(acting) ? acting : parent);
      continue;
    }
    const element = node as Element;
    for (const attribute of Array.from(element.attributes)) {
      if (!hasMarks(attribute.value)) continue;
      const { numbers, text: clean } = readMarks(attribute.value);
      element.setAttribute(attribute.name, clean);
      // A picture is found by its alt text; other attributes (a label for screen readers) only lose their marks.
      if (attribute.name === "alt") {
        held.set(element, numbers);
        changed.add(element);
      }
    }
  }
  for (const element of changed) {
    const numbers = new Set<number>(held.get(element) ?? []);
    const texts = root.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode())
      for (const n of held.get(text) ?? []) numbers.add(n);
    element.setAttribute(MARKED, [...numbers].join(" "));
    if (!element.matches(FOCUSABLE)) element.setAttribute("tabindex", "0");
  }
}

/** The plain-text source an element can be typed in, and the text node that shows it. */
function typeable(
  element: Element,
  sources: readonly Source[],
): { source: Source; text: Text; host: HTMLElement } | undefined {
  for (const n of marksOf(element)) {
    const source = sources[n];
    if (!source?.here || source.kind !== "text" || source.value.includes("{{")) continue;
    const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const host = text.parentElement;
      if (text.data === source.value && host && host.childNodes.length === 1) return { source, text, host };
    }
  }
  return undefined;
}

export function Inspect({
  sources,
  around,
  children,
}: {
  sources: readonly Source[];
  around: Surroundings;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  // The newest table and surroundings, for the listeners attached once.
  const now = useRef({ sources, around });
  now.current = { sources, around };

  useEffect(() => {
    const box = root.current;
    if (!box) return;
    const doc = box.ownerDocument;
    const view = doc.defaultView!;
    const held = new WeakMap<Node, number[]>();
    // Decap's preview frame has no name of its own: a screen reader announces it by this one.
    view.frameElement?.setAttribute("title", "Preview of the page: click a text to edit it");
    if (!doc.getElementById("cms-inspect-style")) {
      const sheet = doc.createElement("style");
      sheet.id = "cms-inspect-style";
      sheet.textContent = style;
      doc.head.append(sheet);
    }
    const tag = doc.createElement("div");
    tag.id = "cms-field-tag";
    tag.hidden = true;
    doc.body.append(tag);

    let pending = 0;
    const read = () => {
      pending = 0;
      observer.disconnect();
      readPage(box, held);
      observer.observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
    };
    const observer = new MutationObserver(() => {
      pending ||= view.requestAnimationFrame(read);
    });
    read();

    const sourceOf = (element: Element): Source | undefined => {
      const marks = marksOf(element)
        .map((n) => now.current.sources[n])
        .filter((s): s is Source => Boolean(s));
      return marks.find((s) => s.here) ?? marks[0];
    };
    const place = (panel: HTMLElement, element: Element, below = false) => {
      const rect = element.getBoundingClientRect();
      const top = below ? rect.bottom + 6 : rect.top - panel.offsetHeight - 6;
      panel.style.top = `${Math.max(0, top < 0 ? rect.bottom + 6 : top) + view.scrollY}px`;
      panel.style.left = `${Math.max(0, Math.min(rect.left, doc.documentElement.clientWidth - panel.offsetWidth - 4)) + view.scrollX}px`;
    };
    const showTag = (element: Element | null) => {
      const source = element && sourceOf(element);
      if (!element || !source) {
        tag.hidden = true;
        return;
      }
      const name = now.current.around.labelOf(source.entry, source.field);
      const hint = !source.here
        ? `${now.current.around.open(source.entry).what}: click to edit it`
        : typeable(element, now.current.sources)
          ? "Click to edit · double-click or F2 to type here"
          : "Click to edit";
      tag.replaceChildren(name, Object.assign(doc.createElement("small"), { textContent: hint }));
      tag.hidden = false;
      place(tag, element);
    };

    let offer: HTMLElement | undefined;
    const closeOffer = (back?: Element) => {
      offer?.remove();
      offer = undefined;
      (back as HTMLElement | undefined)?.focus();
    };
    /** A value of another entry: say whose it is, and offer to open that entry at its field. */
    const offerOpen = (element: Element, source: Source) => {
      closeOffer();
      const { action, what, go } = now.current.around.open(source.entry);
      const panel = doc.createElement("div");
      panel.id = "cms-field-offer";
      panel.setAttribute("role", "dialog");
      panel.setAttribute("aria-label", action);
      const words = doc.createElement("p");
      words.textContent = `“${now.current.around.labelOf(source.entry, source.field)}” comes from ${what}.`;
      const yes = Object.assign(doc.createElement("button"), { type: "button", textContent: action });
      yes.addEventListener("click", () => {
        closeOffer();
        go(source.field);
      });
      const no = Object.assign(doc.createElement("button"), { type: "button", textContent: "Not now" });
      no.addEventListener("click", () => closeOffer(element));
      panel.addEventListener("keydown", (event) => {
        if (event.key === "Escape") closeOffer(element);
      });
      panel.append(words, yes, no);
      doc.body.append(panel);
      offer = panel;
      place(panel, element, true);
      yes.focus();
    };

    let typing: { host: HTMLElement; text: Text; before: string; source: Source } | undefined;
    const stopTyping = (keep: boolean) => {
      if (!typing) return;
      const { host, text, before, source } = typing;
      typing = undefined;
      const typed = (host.textContent ?? "").replace(/\s+/g, " ").trim();
      host.removeAttribute("contenteditable");
      host.removeAttribute("data-cms-typing");
      // React's own text node goes back, holding what was typed: React changes it again when the value comes back.
      host.replaceChildren(text);
      text.data = keep && typed ? typed : before;
      if (keep && typed && typed !== before) now.current.around.change(source.field, typed);
    };
    const startTyping = (element: Element) => {
      const found = typeable(element, now.current.sources);
      if (!found) return false;
      stopTyping(true);
      const { host, text, source } = found;
      typing = { host, text, before: text.data, source };
      host.setAttribute("contenteditable", "plaintext-only");
      host.setAttribute("data-cms-typing", "");
      host.focus();
      tag.hidden = true;
      return true;
    };

    const act = (element: Element) => {
      const source = sourceOf(element);
      if (!source) return;
      if (!source.here) offerOpen(element, source);
      else now.current.around.goTo(source.field);
    };
    const marked = (target: EventTarget | null) => {
      const element = (target as Element | null)?.closest?.(`[${MARKED}]`);
      return element && box.contains(element) ? element : null;
    };
    const onClick = (event: MouseEvent) => {
      const element = marked(event.target);
      if (!element) return;
      if (typing?.host.contains(event.target as Node)) {
        // Typing in a link's or a button's words: the click places the cursor, it does not follow the link.
        event.preventDefault();
        return;
      }
      // In the preview a link or button is content to edit, not a way to leave the page.
      event.preventDefault();
      event.stopPropagation();
      if (event.detail > 1) return;
      // Words that can be typed here wait a moment for a second click (typing here) before going to their field.
      view.clearTimeout(clicked);
      if (typeable(element, now.current.sources)) clicked = view.setTimeout(() => act(element), DOUBLE_CLICK);
      else act(element);
    };
    let clicked = 0;
    const onDoubleClick = (event: MouseEvent) => {
      const element = marked(event.target);
      if (!element) return;
      view.clearTimeout(clicked);
      if (startTyping(element)) event.preventDefault();
    };
    const onKey = (event: KeyboardEvent) => {
      if (typing && event.key === " " && typing.host.closest(ACTING)) {
        // A space in a button's or a question's words is a space, not a press of the button.
        event.preventDefault();
        doc.execCommand("insertText", false, " ");
        return;
      }
      if (typing) {
        if (event.key === "Enter" || event.key === "Escape") {
          event.preventDefault();
          const host = typing.host;
          stopTyping(event.key === "Enter");
          host.closest<HTMLElement>(`[${MARKED}]`)?.focus();
        }
        return;
      }
      const element = marked(event.target);
      if (!element || event.target !== element) return;
      if (event.key === "F2" && startTyping(element)) event.preventDefault();
      else if (event.key === "Enter" || (event.key === " " && !element.matches("input, textarea"))) {
        event.preventDefault();
        act(element);
      }
    };
    const onOver = (event: Event) => {
      if (!typing) showTag(marked(event.target));
    };
    const onFocusOut = (event: FocusEvent) => {
      if (typing && !typing.host.contains(event.relatedTarget as Node)) stopTyping(true);
      showTag(null);
    };
    box.addEventListener("click", onClick, true);
    box.addEventListener("dblclick", onDoubleClick, true);
    box.addEventListener("keydown", onKey, true);
    box.addEventListener("mouseover", onOver);
    box.addEventListener("mouseleave", () => showTag(null));
    box.addEventListener("focusin", onOver);
    box.addEventListener("focusout", onFocusOut);
    // Outside the preview's own text: the panel closes on a click elsewhere.
    const onDocClick = (event: MouseEvent) => {
      if (offer && !offer.contains(event.target as Node)) closeOffer();
    };
    doc.addEventListener("mousedown", onDocClick);

    shownFor = (path) => {
      const wanted = new Set(
        now.current.sources.flatMap((s, n) =>
          s.here && (same(s.field, path) || same(s.path, path)) ? [String(n)] : [],
        ),
      );
      let first: Element | undefined;
      for (const element of box.querySelectorAll(`[${MARKED}]`)) {
        const shows = marksOf(element).some((n) => wanted.has(String(n)));
        element.toggleAttribute("data-cms-shown", shows);
        if (shows) first ??= element;
      }
      if (first) {
        const rect = first.getBoundingClientRect();
        if (rect.bottom < 0 || rect.top > view.innerHeight) first.scrollIntoView({ block: "center" });
      }
      return first !== undefined;
    };

    return () => {
      observer.disconnect();
      if (pending) view.cancelAnimationFrame(pending);
      tag.remove();
      closeOffer();
      doc.removeEventListener("mousedown", onDocClick);
      view.clearTimeout(clicked);
      shownFor = () => false;
    };
  }, []);

  return (
    <div ref={root} data-cms-preview="">
      {children}
    </div>
  );
}

const same = (a: Path, b: Path) => a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

let shownFor: (path: Path) => boolean = () => false;
/** Outlines every place the field at `path` of the entry being edited shows in the preview, the first scrolled into view. */
export function showWhere(path: Path): boolean {
  return shownFor(path);
}
