import type { EntryCard } from "../../schemas";
import { useSite } from "../content/ContentProvider";
import { Heading } from "./Heading";
import { SmartLink } from "./SmartLink";
import "./entry-cards.css";

/** A date written YYYY-MM-DD, in the site's language: "November 24, 2026" (the same on the server and in the browser). */
export function useDate(): (date: string) => string {
  const format = new Intl.DateTimeFormat(useSite().seo.locale, { dateStyle: "long", timeZone: "UTC" });
  return (date) => format.format(new Date(`${date}T00:00:00Z`));
}

/** Entries of a kind with pages as a list of cards: title (a link to its page), description, date and reading time. */
export function EntryCards({ cards, level }: { cards: readonly EntryCard[]; level: 2 | 3 }) {
  const date = useDate();
  const { words } = useSite().entryPages;
  return (
    <ul className="entry-cards">
      {cards.map((card) => (
        <li key={`${card.kind}/${card.id}`} className="entry-card">
          <Heading level={level} className="entry-card__title">
            <SmartLink to={card.url}>{card.title}</SmartLink>
          </Heading>
          <p className="entry-card__description">{card.description}</p>
          <p className="entry-card__meta">
            <time dateTime={card.published}>{date(card.published)}</time> · {card.readingMinutes} {words.minutesRead}
          </p>
        </li>
      ))}
    </ul>
  );
}
