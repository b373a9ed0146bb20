import type { SectionOf } from "../../schemas";
import { Markdown } from "../components/Markdown";
import { Actions } from "../components/Actions";
import { SectionFrame } from "./SectionFrame";

export function Prose(section: SectionOf<"prose">) {
  return (
    <SectionFrame section={section} className="prose-section">
      <Markdown html={section.body} className="prose--long" />
      <Actions links={section.actions} />
    </SectionFrame>
  );
}
