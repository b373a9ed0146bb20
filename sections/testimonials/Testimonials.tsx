import type { SectionOf } from "../../schemas";
import { DraftMark, draftOutline } from "../../ui/components/Draft";
import { Icon } from "../../ui/components/Icon";
import { Markdown } from "../../ui/components/Markdown";
import { useEntries } from "../../ui/content/ContentProvider";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./testimonials.css";

export function Testimonials(section: SectionOf<"testimonials">) {
  const testimonials = useEntries(section.testimonials);
  return (
    <SectionFrame section={section} className="testimonials">
      <ul className="quotes">
        {testimonials.map((t) => (
          <li key={t.id} style={draftOutline(t.draft)}>
            <DraftMark draft={t.draft} />
            <figure className="quote">
              {t.rating !== undefined && (
                <p
                  className="quote__stars"
                  role="img"
                  aria-label={section.ratingLabel.replace("{rating}", String(t.rating))}
                >
                  {Array.from({ length: t.rating }, (_, i) => (
                    <Icon key={i} name="star" />
                  ))}
                </p>
              )}
              <blockquote>
                <Markdown html={t.quote} />
              </blockquote>
              <figcaption>
                <span className="quote__name">{t.name}</span>
                <span className="quote__detail">{t.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
