import type { SectionOf } from "../../schemas";
import { DraftMark, draftOutline } from "../../ui/components/Draft";
import { ScheduleMark } from "../../ui/components/Scheduled";
import { SubHeading } from "../../ui/components/Heading";
import { Img } from "../../ui/components/Img";
import { Markdown } from "../../ui/components/Markdown";
import { useEntries } from "../../ui/content/ContentProvider";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "../../ui/sections/cards.css";
import "./team.css";

export function Team(section: SectionOf<"team">) {
  const members = useEntries(section.members);
  return (
    <SectionFrame section={section} className="team">
      <ul className="cards people">
        {members.map((member) => (
          <li key={member.id} className="person" style={draftOutline(member.draft)}>
            <DraftMark draft={member.draft} />
            <ScheduleMark item={member} />
            <Img image={member.photo} className="person__photo" />
            <SubHeading className="person__name">{member.name}</SubHeading>
            <p className="person__role">{member.role}</p>
            <Markdown html={member.bio} className="person__bio" />
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
