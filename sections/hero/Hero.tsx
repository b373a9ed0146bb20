import type { SectionOf } from "../../schemas";
import { useFirstSection } from "../../ui/components/Heading";
import { Icon } from "../../ui/components/Icon";
import { Img } from "../../ui/components/Img";
import { Actions } from "../../ui/components/Actions";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./hero.css";

export function Hero(section: SectionOf<"hero">) {
  // A hero opening the page holds the largest picture of the first screen.
  const first = useFirstSection();
  return (
    <SectionFrame
      section={section}
      className="hero"
      aside={section.image && <Img image={section.image} priority={first} className="hero__image" />}
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
