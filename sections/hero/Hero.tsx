import type { SectionOf } from "../../schemas";
import { useFirstSection } from "../../src/components/Heading";
import { Icon } from "../../src/components/Icon";
import { Img } from "../../src/components/Img";
import { Actions } from "../../src/components/Actions";
import { SectionFrame } from "../../src/sections/SectionFrame";
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
