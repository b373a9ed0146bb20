import type { ComponentType } from "react";
import type { CollectionName, Reference, Section } from "../../schemas";
import { SectionHeaded, SectionLevel } from "../../ui/components/Heading";
import { useShownAt } from "../../ui/components/Scheduled";
import { entryOf, useContent, useShownLinks } from "../../ui/content/ContentProvider";
import { isEntryReference } from "../../schemas/links";
import { sectionRenderers } from "./registry";

function renderSection(section: Section) {
  // TypeScript cannot correlate the union member with its renderer; SectionRenderers guarantees it.
  const Renderer = sectionRenderers[section.type] as ComponentType<Section>;
  return <Renderer {...section} />;
}

/**
 * The sections shown at a preview's chosen time, as the build at that time shows them
 * (scripts/content/stages/schedule.ts): a section outside its window is left out, and so is one whose
 * list of entries names none shown then; the others lose their links to pages not shown then.
 */
function useShownSections(sections: readonly Section[]): readonly Section[] {
  const shown = useShownAt();
  const links = useShownLinks();
  const { collections } = useContent();
  if (!shown) return sections;
  const emptied = (section: Section) =>
    Object.values(section).some(
      (value) =>
        Array.isArray(value) &&
        value.some(isEntryReference) &&
        !value.some(
          (item) => !isEntryReference(item) || shown(entryOf(collections, item as Reference<CollectionName>)),
        ),
    );
  return sections.filter((section) => shown(section) && !emptied(section)).map(links);
}

/** A page's sections in order; the first one's heading is the page's h1 (the content check sees it has one). */
export function Sections({ sections: all }: { sections: readonly Section[] }) {
  const sections = useShownSections(all);
  return sections.map((section, index) => (
    <SectionLevel key={`${index}-${section.type}`} value={index === 0 ? 1 : 2}>
      <SectionHeaded value={section.heading !== undefined}>{renderSection(section)}</SectionHeaded>
    </SectionLevel>
  ));
}
