import type { CSSProperties, ReactNode } from "react";

/*
 * Drafts (draft: true) show in the previews, `npm run dev` and /admin/'s, and nowhere else: these mark
 * them there so nobody takes one for a published page, section or entry. The built site has no
 * drafts, and its build's mode is "production" (the development server's is "development", /admin/'s
 * build's "admin"), so
 * both render nothing and their bodies (text and styles) are dropped from the production bundle. Inline styles keep the marks out of the site's CSS.
 */

/** A label in words (not colour alone): "Draft: not on the live site". */
export function DraftMark({ draft, children }: { draft: boolean; children?: ReactNode }) {
  if (import.meta.env.MODE === "production" || !draft) return null;
  const style: CSSProperties = {
    display: "inline-block",
    margin: "0 0 0.75rem",
    padding: "0.125rem 0.5rem",
    border: "2px dashed #92400e",
    borderRadius: "4px",
    background: "#fef3c7",
    color: "#78350f",
    font: "600 0.875rem/1.5 system-ui, sans-serif",
  };
  return (
    <p role="note" className="draft-mark" style={style}>
      {children ?? "Draft: not on the live site"}
    </p>
  );
}

/** A dashed outline around a draft section or entry, as well as its label. */
export function draftOutline(draft: boolean): CSSProperties | undefined {
  if (import.meta.env.MODE === "production" || !draft) return undefined;
  return { outline: "3px dashed #92400e", outlineOffset: "-3px" };
}
