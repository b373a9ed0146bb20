import type { SectionOf } from "../../schemas";
import { Card } from "../../ui/sections/Cards";
import { SectionFrame } from "../../ui/sections/SectionFrame";

export function Features(section: SectionOf<"features">) {
  return (
    <SectionFrame section={section} className="features">
      <ul className="cards">
        {section.items.map((item) => (
          <Card key={item.title} {...item} />
        ))}
      </ul>
    </SectionFrame>
  );
}
