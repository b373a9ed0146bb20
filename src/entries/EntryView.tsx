import { useId } from "react";
import type { EntryPage } from "../../schemas";
import { ContactList } from "../../ui/components/ContactList";
import { DraftMark } from "../../ui/components/Draft";
import { EntryCards, useDate } from "../../ui/components/EntryCards";
import { FormPanel } from "../../ui/components/FormPanel";
import { Img } from "../../ui/components/Img";
import { Markdown } from "../../ui/components/Markdown";
import { SmartLink } from "../../ui/components/SmartLink";
import { useSite } from "../../ui/content/ContentProvider";
import { Breadcrumbs } from "./Breadcrumbs";
import "./entries.css";

/** An entry's title and facts: its kind, author, dates, reading time and tags. */
function EntryHeader({ entry }: { entry: EntryPage }) {
  const { words } = useSite().entryPages;
  const date = useDate();
  const tagsId = useId();
  return (
    <div className="entry__header">
      <p className="eyebrow">
        <SmartLink to={entry.kindUrl}>{entry.kindTitle}</SmartLink>
      </p>
      <h1>{entry.title}</h1>
      <p className="entry__description">{entry.description}</p>
      <p className="entry__meta">
        {entry.author.name && (
          <>
            {words.by} <SmartLink to={entry.author.url}>{entry.author.name}</SmartLink>, {entry.author.role}
            {" · "}
          </>
        )}
        {words.published} <time dateTime={entry.published}>{date(entry.published)}</time>
        {entry.updated && (
          <>
            {" · "}
            {words.updated} <time dateTime={entry.updated}>{date(entry.updated)}</time>
          </>
        )}
        {" · "}
        {entry.readingMinutes} {words.minutesRead}
      </p>
      {entry.tags.length > 0 && (
        <div className="entry__tags">
          <span id={tagsId}>{words.tagged}:</span>
          <ul aria-labelledby={tagsId}>
            {entry.tags.map((tag) => (
              <li key={tag.id}>
                <SmartLink to={tag.url}>{tag.name}</SmartLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A long entry's table of contents: its h2 and h3, each a link to its anchor. */
function TableOfContents({ toc }: { toc: EntryPage["toc"] }) {
  const { words } = useSite().entryPages;
  const id = useId();
  if (toc.length === 0) return null;
  return (
    <nav aria-labelledby={id} className="entry__toc">
      <h2 id={id}>{words.onThisPage}</h2>
      <ol>
        {toc.map((item) => (
          <li key={item.id} className={item.depth === 3 ? "entry__toc-sub" : undefined}>
            <a href={`#${item.id}`}>{item.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** How every entry's page ends (site.yaml `entryPages.callToAction`): the callback form, an island, and the phone number. */
function CallToAction() {
  const { entryPages, contact } = useSite();
  const id = useId();
  const cta = entryPages.callToAction;
  if (!cta) {
    return (
      <p className="entry__cta">
        <a href={`tel:${contact.phone.e164}`}>{contact.phone.display}</a>
      </p>
    );
  }
  return (
    <section aria-labelledby={id} className="entry__cta">
      <div className="split">
        <div className="split__main">
          <h2 id={id}>{cta.heading}</h2>
          {cta.intro && <Markdown html={cta.intro} />}
          <ContactList hours />
        </div>
        <div className="split__aside">
          <FormPanel form={cta.form} />
        </div>
      </div>
    </section>
  );
}

/**
 * An entry's own page (a guide, a case study): breadcrumbs, its title and facts, its picture, a
 * table of contents when it is long, its parts and text, a customer's words, related entries, and
 * the call to action every such page ends with.
 */
export function EntryView({ entry }: { entry: EntryPage }) {
  const { words } = useSite().entryPages;
  const relatedId = useId();
  return (
    <article className="entry container">
      <Breadcrumbs crumbs={entry.breadcrumbs} label={entry.kindTitle} />
      <DraftMark draft={entry.state.draft}>Draft: not on the live site</DraftMark>
      <EntryHeader entry={entry} />
      <Img image={entry.hero} priority className="entry__hero" />
      <TableOfContents toc={entry.toc} />
      {entry.parts.map((part) => (
        <section key={part.heading} className="entry__part">
          <h2>{part.heading}</h2>
          <Markdown html={part.html} className="prose--long" />
        </section>
      ))}
      {entry.body && <Markdown html={entry.body} className="prose--long entry__body" />}
      {entry.quote && (
        <figure className="entry__quote">
          <blockquote>
            <Markdown html={entry.quote.text} />
          </blockquote>
          <figcaption>
            {entry.quote.name}
            {entry.quote.detail && <>, {entry.quote.detail}</>}
          </figcaption>
        </figure>
      )}
      {entry.related.length > 0 && (
        <section aria-labelledby={relatedId} className="entry__related">
          <h2 id={relatedId}>{words.related}</h2>
          <EntryCards cards={entry.related} level={3} />
        </section>
      )}
      <CallToAction />
    </article>
  );
}
