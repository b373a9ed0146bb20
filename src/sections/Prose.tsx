import type { SectionOf } from "../../schemas";
import { Markdown } from "../components/Markdown";
import { SmartLink } from "../components/SmartLink";
import { SectionFrame } from "./SectionFrame";

export function Prose(section: SectionOf<"prose">) {
  return (
    <SectionFrame section={section} className="prose-section">
      <Markdown html={section.body} className="prose--long" />
      {section.actions.length > 0 && (
        <div className="actions">
          {section.actions.map((action, index) => (
            <SmartLink
              key={action.label}
              to={action.to}
              className={`button ${index === 0 ? "button--primary" : "button--secondary"}`}
            >
              {action.label}
            </SmartLink>
          ))}
        </div>
      )}
    </SectionFrame>
  );
}
