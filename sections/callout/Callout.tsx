import type { SectionOf } from "../../schemas";
import { useFirstSection } from "../../ui/components/Heading";
import { Img } from "../../ui/components/Img";
import { Actions } from "../../ui/components/Actions";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./callout.css";

export function Callout(section: SectionOf<"callout">) {
  const first = useFirstSection();
  return (
    <SectionFrame
      section={section}
      className="callout"
      aside={section.image && <Img image={section.image} priority={first} className="callout__image" />}
    >
      {section.tags.length > 0 && (
        <ul className="tags">
          {section.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
      {section.action && <Actions links={[section.action]} />}
    </SectionFrame>
  );
}
