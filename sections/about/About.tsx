import type { SectionOf } from "../../schemas";
import { FormPanel } from "../../ui/components/FormPanel";
import { Markdown } from "../../ui/components/Markdown";
import { Heading, useFirstSection, useSubLevel } from "../../ui/components/Heading";
import { Img } from "../../ui/components/Img";
import { Card } from "../../ui/sections/Cards";
import { SectionFrame } from "../../ui/sections/SectionFrame";
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
