import type { ComponentType } from "react";
import type { Section } from "../../schemas";
import { SectionHeaded, SectionLevel } from "../../ui/components/Heading";
import { sectionRenderers } from "./registry";

function renderSection(section: Section) {
  // TypeScript cannot correlate the union member with its renderer; SectionRenderers guarantees it.
  const Renderer = sectionRenderers[section.type] as ComponentType<Section>;
  return <Renderer {...section} />;
}

/** A page's sections in order; the first one's heading is the page's h1 (the content check sees it has one). */
export function Sections({ sections }: { sections: readonly Section[] }) {
  return sections.map((section, index) => (
    <SectionLevel key={`${index}-${section.type}`} value={index === 0 ? 1 : 2}>
      <SectionHeaded value={section.heading !== undefined}>{renderSection(section)}</SectionHeaded>
    </SectionLevel>
  ));
}
