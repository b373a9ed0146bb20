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
 * were in are given `data-cms-at` (which marks) and, where they cannot take the focus, `tabindex`
 * (page-marks.ts). Only this preview does this: the site's pages are rendered without any of it.
 * The work is inspector.ts's; this is its place in the preview.
 */
import { useEffect, useRef, type ReactNode } from "react";
import type { Path } from "./fields.ts";
import { Inspector, type Now } from "./inspector.ts";
import type { Source } from "./sources.ts";
import type { Surroundings } from "./surroundings.ts";

/** The inspector of the preview shown now, if any. */
let current: Inspector | undefined;

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
  const now = useRef<Now>({ sources, around });
  now.current = { sources, around };

  useEffect(() => {
    const box = root.current;
    if (!box) return;
    const inspector = new Inspector(box, now);
    current = inspector;
    return () => {
      inspector.dispose();
      current = undefined;
    };
  }, []);

  return (
    <div ref={root} data-cms-preview="">
      {children}
    </div>
  );
}

/** Outlines every place the field at `path` of the entry being edited shows in the preview, the first scrolled into view. */
export function showWhere(path: Path): boolean {
  return current?.showWhere(path) ?? false;
}
