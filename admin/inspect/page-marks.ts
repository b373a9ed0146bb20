/**
 * The marks in the rendered preview (marks.ts): read out of its text and alt texts and taken out,
 * the elements they were in given `data-cms-at` (which marks) and, where they cannot take the focus,
 * `tabindex`; read again after each change of the page, once a frame.
 */
import { hasMarks, readMarks } from "./marks.ts";
import type { Source } from "./sources.ts";

export const MARKED = "data-cms-at";
const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
/** An element that acts on a click (a link, a button): the text's outline is put on it, its one stop in the tab order. */
export const ACTING = "a, button, summary, label";
const IGNORED = new Set(["SCRIPT", "STYLE", "TITLE", "TEMPLATE", "NOSCRIPT"]);

/** The marks of the elements of the page: which sources each element shows. */
export function marksOf(element: Element): number[] {
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

/** Reads the marks of `box` now and after each change of it (once a frame); the function returned stops. */
export function watchMarks(box: HTMLElement, view: Window): () => void {
  const held = new WeakMap<Node, number[]>();
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
  return () => {
    observer.disconnect();
    if (pending) view.cancelAnimationFrame(pending);
  };
}

/** The marked element of `box` that holds `target`, if any. */
export function markedAt(target: EventTarget | null, box: HTMLElement): Element | null {
  const element = (target as Element | null)?.closest?.(`[${MARKED}]`);
  return element && box.contains(element) ? element : null;
}

/** The source an element shows: of its marks, the one of the entry being edited first. */
export function sourceOf(element: Element, sources: readonly Source[]): Source | undefined {
  const marks = marksOf(element)
    .map((n) => sources[n])
    .filter((s): s is Source => Boolean(s));
  return marks.find((s) => s.here) ?? marks[0];
}

/** The plain-text source an element can be typed in, and the text node that shows it. */
export function typeable(
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
