import { useContext, useId, type ReactNode } from "react";
import type { Section } from "../../schemas";
import { DraftMark, draftOutline } from "../components/Draft";
import { Heading, SectionLevel } from "../components/Heading";
import { Markdown } from "../components/Markdown";

export type SectionBase = Pick<Section, "anchor" | "eyebrow" | "heading" | "intro" | "background" | "draft">;

/**
 * The one wrapper every section renders through (as AstroWind's WidgetWrapper): anchor, background,
 * eyebrow, heading at the right level, intro; then the section's own content, beside `aside` if given.
 */
export function SectionFrame({
  section,
  className,
  aside,
  children,
}: {
  section: SectionBase;
  className?: string;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const level = useContext(SectionLevel);
  const headingId = useId();
  const header = (
    <div className="section__header">
      <DraftMark draft={section.draft}>Draft section: not on the live site</DraftMark>
      {section.eyebrow && <p className="eyebrow">{section.eyebrow}</p>}
      <Heading level={level} id={headingId}>
        {section.heading}
      </Heading>
      {section.intro && <Markdown html={section.intro} className="section__intro" />}
    </div>
  );
  return (
    <section
      id={section.anchor}
      aria-labelledby={headingId}
      className={`section section--${section.background}${className ? ` ${className}` : ""}`}
      style={draftOutline(section.draft)}
    >
      <div className="container">
        {aside ? (
          <div className="split">
            <div className="split__main">
              {header}
              {children}
            </div>
            <div className="split__aside">{aside}</div>
          </div>
        ) : (
          <>
            {header}
            {children}
          </>
        )}
      </div>
    </section>
  );
}
