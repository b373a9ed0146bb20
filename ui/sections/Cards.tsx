import type { ReactNode } from "react";
import type { IconName, Html } from "../../schemas";
import { SubHeading } from "../components/Heading";
import { DraftMark, draftOutline } from "../components/Draft";
import { Icon } from "../components/Icon";
import { Markdown } from "../components/Markdown";
import "./cards.css";

/** A card with an icon, a title one level below the section's heading, and Markdown text. */
export function Card({
  icon,
  title,
  text,
  draft = false,
  children,
}: {
  icon: IconName;
  title: string;
  text: Html;
  /** A draft collection entry (services), marked in the preview. */
  draft?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="card" style={draftOutline(draft)}>
      <DraftMark draft={draft} />
      <span className="card__icon">
        <Icon name={icon} />
      </span>
      <SubHeading className="card__title">{title}</SubHeading>
      <Markdown html={text} className="card__text" />
      {children}
    </li>
  );
}
