/** How editing on the page looks in the preview: outlines, the field's name on hover, the offer to open another entry; and where those panels go. */
import { MARKED } from "./page-marks.ts";

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

/** The style sheet, added to the preview's document once. */
export function addLook(doc: Document) {
  if (doc.getElementById("cms-inspect-style")) return;
  const sheet = doc.createElement("style");
  sheet.id = "cms-inspect-style";
  sheet.textContent = style;
  doc.head.append(sheet);
}

/** Puts `panel` above `element` (below when asked, or when there is no room above), inside the page's width. */
export function placeNear(panel: HTMLElement, element: Element, below = false) {
  const doc = panel.ownerDocument;
  const view = doc.defaultView!;
  const rect = element.getBoundingClientRect();
  const top = below ? rect.bottom + 6 : rect.top - panel.offsetHeight - 6;
  panel.style.top = `${Math.max(0, top < 0 ? rect.bottom + 6 : top) + view.scrollY}px`;
  panel.style.left = `${Math.max(0, Math.min(rect.left, doc.documentElement.clientWidth - panel.offsetWidth - 4)) + view.scrollX}px`;
}
