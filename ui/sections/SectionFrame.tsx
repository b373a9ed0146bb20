import { useContext, useId, type ReactNode } from "react";
import type { Section } from "../../schemas";
import { DraftMark, draftOutline } from "../components/Draft";
import { ScheduleMark } from "../components/Scheduled";
import { Heading, SectionLevel } from "../components/Heading";
import { Markdown } from "../components/Markdown";

export type SectionBase = Pick<
  Section,
  "anchor" | "eyebrow" | "heading" | "intro" | "background" | "draft" | "publishDate" | "expiryDate"
>;

/**
 * The one wrapper every section renders through (as AstroWind's WidgetWrapper): anchor, background,
 * eyebrow, heading at the right level, intro; then the section's own content, beside `aside` if given.
 *
 * The heading is optional (a logo strip or a picture band has none). With one, the section is a
 * region named by it (`aria-labelledby`); without one, no heading element is drawn and the section
 * is named by `label` when its type has a field for that (`aria-label`), else it is a plain
 * `<section>` with no name, which is no landmark: its content simply follows the section before.
 */
export function SectionFrame({
  section,
  label,
  className,
  aside,
  children,
}: {
  section: SectionBase;
  /** The section's name when it has no heading: a field of its own type, read aloud, not shown. */
  label?: string;
  className?: string;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const level = useContext(SectionLevel);
  const headingId = useId();
  const name = section.heading ? { "aria-labelledby": headingId } : label ? { "aria-label": label } : {};
  // A window is marked only in the previews (ScheduleMark); a draft is in no other build.
  const windowed = import.meta.env.MODE !== "production" && (section.publishDate || section.expiryDate);
  const header = [section.draft, windowed, section.eyebrow, section.heading, section.intro].some(Boolean) && (
    <div className="section__header">
      <DraftMark draft={section.draft}>Draft section: not on the live site</DraftMark>
      <ScheduleMark item={section} noun="section" />
      {section.eyebrow && <p className="eyebrow">{section.eyebrow}</p>}
      {section.heading && (
        <Heading level={level} id={headingId}>
          {section.heading}
        </Heading>
      )}
      {section.intro && <Markdown html={section.intro} className="section__intro" />}
    </div>
  );
  return (
    <section
      id={section.anchor}
      {...name}
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
