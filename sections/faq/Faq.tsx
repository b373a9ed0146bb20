import { useId, type SyntheticEvent } from "react";
import type { SectionOf } from "../../schemas";
import { DraftMark, draftOutline } from "../../ui/components/Draft";
import { ScheduleMark } from "../../ui/components/Scheduled";
import { Markdown } from "../../ui/components/Markdown";
import { useEntries } from "../../ui/content/ContentProvider";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./faq.css";

/**
 * Questions as `<details name>`: an exclusive accordion that works before scripts load. The toggle
 * handler closes the others too, for browsers without the `name` grouping.
 */
export function Faq(section: SectionOf<"faq">) {
  const questions = useEntries(section.questions);
  const group = useId();
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const opened = event.currentTarget;
    if (!opened.open) return;
    for (const other of opened.parentElement?.parentElement?.querySelectorAll("details") ?? []) {
      if (other !== opened && other.open) other.open = false;
    }
  };
  return (
    <SectionFrame section={section} className="faq">
      <ul className="faq__list">
        {questions.map((q) => (
          <li key={q.id} style={draftOutline(q.draft)}>
            <DraftMark draft={q.draft} />
            <ScheduleMark item={q} />
            <details name={group} onToggle={onToggle}>
              <summary>{q.question}</summary>
              <Markdown html={q.answer} className="faq__answer" />
            </details>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
