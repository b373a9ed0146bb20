import type { SectionOf } from "../../schemas";
import { Markdown } from "../../ui/components/Markdown";
import { Actions } from "../../ui/components/Actions";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./prose.css";

export function Prose(section: SectionOf<"prose">) {
  return (
    <SectionFrame section={section} className="prose-section">
      <Markdown html={section.body} className="prose--long" />
      <Actions links={section.actions} />
    </SectionFrame>
  );
}
