import type { SectionOf } from "../../schemas";
import { Icon } from "../components/Icon";
import { Img } from "../components/Img";
import { Actions } from "../components/Actions";
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
      <Actions links={section.actions} />
    </SectionFrame>
  );
}
