import { useId } from "react";
import type { SectionOf } from "../../schemas";
import { DraftMark, draftOutline } from "../../ui/components/Draft";
import { ScheduleMark } from "../../ui/components/Scheduled";
import { Markdown } from "../../ui/components/Markdown";
import { useEntries } from "../../ui/content/ContentProvider";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./faq.css";

/**
 * Questions as `<details name>`: an exclusive accordion that works without scripts. For browsers
 * without the `name` grouping, ui/page-behaviours.ts closes the others.
 */
export function Faq(section: SectionOf<"faq">) {
  const questions = useEntries(section.questions);
  const group = useId();
  return (
    <SectionFrame section={section} className="faq">
      <ul className="faq__list">
        {questions.map((q) => (
          <li key={q.id} style={draftOutline(q.draft)}>
            <DraftMark draft={q.draft} />
            <ScheduleMark item={q} />
            <details name={group}>
              <summary>{q.question}</summary>
              <Markdown html={q.answer} className="faq__answer" />
            </details>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
