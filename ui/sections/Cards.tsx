import type { ReactNode } from "react";
import type { IconName, Html } from "../../schemas";
import { SubHeading } from "../components/Heading";
import { DraftMark, draftOutline } from "../components/Draft";
import { ScheduleMark } from "../components/Scheduled";
import { Icon } from "../components/Icon";
import { Markdown } from "../components/Markdown";
import "./cards.css";

/** A card with an icon, a title one level below the section's heading, and Markdown text. */
export function Card({
  icon,
  title,
  text,
  draft = false,
  window,
  children,
}: {
  icon: IconName;
  title: string;
  text: Html;
  /** A draft collection entry (services), marked in the preview. */
  draft?: boolean;
  /** A collection entry's window (publishDate, expiryDate), marked in the preview. */
  window?: { publishDate?: string; expiryDate?: string };
  children?: ReactNode;
}) {
  return (
    <li className="card" style={draftOutline(draft)}>
      <DraftMark draft={draft} />
      <ScheduleMark item={window} />
      <span className="card__icon">
        <Icon name={icon} />
      </span>
      <SubHeading className="card__title">{title}</SubHeading>
      <Markdown html={text} className="card__text" />
      {children}
    </li>
  );
}
