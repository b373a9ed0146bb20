import type { SectionOf } from "../../schemas";
import { FormPanel } from "../../src/components/FormPanel";
import { Markdown } from "../../src/components/Markdown";
import { Heading, useFirstSection, useSubLevel } from "../../src/components/Heading";
import { Img } from "../../src/components/Img";
import { Card } from "../../src/sections/Cards";
import { SectionFrame } from "../../src/sections/SectionFrame";
import "./about.css";

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
