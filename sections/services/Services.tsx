import type { SectionOf } from "../../schemas";
import { useFormDialog } from "../../src/components/FormDialog";
import { useEntries, useForm } from "../../src/content/ContentProvider";
import { Card } from "../../src/sections/Cards";
import { SectionFrame } from "../../src/sections/SectionFrame";

/** Service cards; each card's button opens the section's form in a popup, titled with the service. */
export function Services(section: SectionOf<"services">) {
  const services = useEntries("services", section.services);
  const { toggle, dialog } = useFormDialog(useForm(section.form));
  return (
    <SectionFrame section={section} className="services">
      <ul className="cards cards--three">
        {services.map((service) => (
          <Card key={service.id} icon={service.icon} title={service.title} text={service.summary} draft={service.draft}>
            <button
              type="button"
              className="button button--secondary card__action"
              aria-haspopup="dialog"
              aria-label={`${section.buttonLabel}: ${service.title}`}
              onClick={(event) => toggle(service.title, event.currentTarget)}
            >
              {section.buttonLabel}
            </button>
          </Card>
        ))}
      </ul>
      {dialog}
    </SectionFrame>
  );
}
