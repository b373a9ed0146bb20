/**
 * /admin/'s bottom-right corner: one fixed stack (corner.css) that holds what stands there, each part
 * put in at its place in the corner's order (corner-order.ts), so that none covers another and none
 * works out its own offsets. A field the keyboard brings under the stack is scrolled to the middle of
 * the screen, above it (the stack is at most half the screen's height; a field at the form's foot gets
 * room below it to scroll up): the focus is never hidden behind the corner (WCAG 2.4.11).
 */
import { placeInCorner, type CornerPart } from "./corner-order.ts";
import "./corner.css";

const stack = document.createElement("div");
stack.className = "admin-corner";

/** Puts `element` in the corner at `part`'s place (its place in the page's order too, so in the keyboard's). */
export function putInCorner(part: CornerPart, element: HTMLElement): void {
  element.dataset.corner = part;
  const others = [...stack.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c !== element);
  const index = placeInCorner(
    others.map((c) => c.dataset.corner as CornerPart),
    part,
  );
  stack.insertBefore(element, others[index] ?? null);
  if (!stack.isConnected) document.body.append(stack);
}

const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The nearest box around `element` that scrolls (Decap's form pane), if any. */
function scrollerOf(element: HTMLElement): HTMLElement | undefined {
  for (let box = element.parentElement; box; box = box.parentElement)
    if (/auto|scroll/.test(getComputedStyle(box).overflowY)) return box;
  return undefined;
}

document.addEventListener("focusin", (event) => {
  const field = event.target;
  if (!(field instanceof HTMLElement) || stack.contains(field) || !field.matches(":focus-visible")) return;
  const covered = () => overlap(field.getBoundingClientRect(), stack.getBoundingClientRect());
  if (!covered()) return;
  field.scrollIntoView({ block: "center" });
  // A field at the foot of the form cannot scroll up to the middle: its pane gets the corner's height of room below.
  const scroller = covered() ? scrollerOf(field) : undefined;
  if (!scroller) return;
  scroller.style.paddingBottom = `${stack.offsetHeight}px`;
  field.scrollIntoView({ block: "center" });
});
