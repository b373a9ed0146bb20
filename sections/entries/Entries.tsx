import type { SectionOf } from "../../schemas";
import { Actions } from "../../ui/components/Actions";
import { EntryCards } from "../../ui/components/EntryCards";
import { useSubLevel } from "../../ui/components/Heading";
import { useContent } from "../../ui/content/ContentProvider";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./entries.css";

/**
 * The latest entries of a kind with pages (guides, case studies), or those with a tag: their cards,
 * newest first, from the listed entries the pipeline emits (entries.json: no draft, unlisted or
 * unshown one). Nothing is drawn when none is listed.
 */
export function Entries(section: SectionOf<"entries">) {
  const level = useSubLevel();
  const all = useContent().entries?.[section.kind] ?? [];
  const cards = all
    .filter((card) => !section.tag || card.tags.some((tag) => tag.id === section.tag!.id))
    .slice(0, section.count);
  if (cards.length === 0) return null;
  return (
    <SectionFrame section={section} className="entries-section">
      <EntryCards cards={cards} level={level} />
      {section.more && <Actions links={[section.more]} />}
    </SectionFrame>
  );
}
