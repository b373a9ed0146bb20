import type { SectionOf } from "../../schemas";
import { Markdown } from "../../src/components/Markdown";
import { Actions } from "../../src/components/Actions";
import { SectionFrame } from "../../src/sections/SectionFrame";
import "./prose.css";

export function Prose(section: SectionOf<"prose">) {
  return (
    <SectionFrame section={section} className="prose-section">
      <Markdown html={section.body} className="prose--long" />
      <Actions links={section.actions} />
    </SectionFrame>
  );
}
