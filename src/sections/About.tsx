import type { SectionOf } from "../../schemas";
import { FormPanel } from "../components/FormPanel";
import { Markdown } from "../components/Markdown";
import { Heading, useFirstSection, useSubLevel } from "../components/Heading";
import { Img } from "../components/Img";
import { Card } from "./Cards";
import { SectionFrame } from "./SectionFrame";

export function About(section: SectionOf<"about">) {
  const level = useSubLevel();
  const first = useFirstSection();
  return (
    <SectionFrame section={section} className="about" aside={<FormPanel form={section.form} />}>
      {section.image && <Img image={section.image} priority={first} className="about__image" />}
      <Markdown html={section.body} className="about__body" />
      <Heading level={level} className="about__assist-heading">
        {section.assistHeading}
      </Heading>
      <ul className="cards cards--compact">
        {section.assist.map((item) => (
          <Card key={item.title} {...item} />
        ))}
      </ul>
    </SectionFrame>
  );
}
