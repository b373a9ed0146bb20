import type { SectionOf } from "../../schemas";
import { Icon } from "../components/Icon";
import { Img } from "../components/Img";
import { SmartLink } from "../components/SmartLink";
import { SectionFrame } from "./SectionFrame";

export function Hero(section: SectionOf<"hero">) {
  return (
    <SectionFrame
      section={section}
      className="hero"
      aside={section.image && <Img image={section.image} eager className="hero__image" />}
    >
      {section.highlights.length > 0 && (
        <ul className="ticks">
          {section.highlights.map((item) => (
            <li key={item}>
              <Icon name="check" />
              {item}
            </li>
          ))}
        </ul>
      )}
      {section.actions.length > 0 && (
        <div className="actions">
          {section.actions.map((action, index) => (
            <SmartLink
              key={action.label}
              to={action.to}
              className={`button ${index === 0 ? "button--primary" : "button--secondary"}`}
            >
              {action.to === "phone" && <Icon name="phone" />}
              {action.label}
            </SmartLink>
          ))}
        </div>
      )}
    </SectionFrame>
  );
}
