import { createContext, useContext, type ReactNode } from "react";

/** The heading level of the current section: 1 for a page's first section, 2 after. */
export const SectionLevel = createContext<1 | 2>(2);

/** Whether the current section has a heading of its own (a logo strip or a picture band may not). */
export const SectionHeaded = createContext(true);

export function Heading({
  level,
  id,
  className,
  children,
}: {
  level: 1 | 2 | 3 | 4;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/** A heading one level below the current section's (card and form titles). */
export function SubHeading(props: { id?: string; className?: string; children: ReactNode }) {
  return <Heading level={useSubLevel()} {...props} />;
}

/**
 * The level of headings inside the current section: one below its heading; in a section without a
 * heading, that of the headings of sections (2), so they are not taken for part of the section before.
 */
export function useSubLevel(): 2 | 3 {
  const level = useContext(SectionLevel);
  return useContext(SectionHeaded) ? ((level + 1) as 2 | 3) : 2;
}

/** Whether the current section is the page's first: what shows on the first screen. */
export function useFirstSection(): boolean {
  return useContext(SectionLevel) === 1;
}
