import type { SectionOf } from "../../schemas";
import { FormDialogButton } from "../../ui/components/FormDialog";
import { useEntries } from "../../ui/content/ContentProvider";
import { Card } from "../../ui/sections/Cards";
import { SectionFrame } from "../../ui/sections/SectionFrame";

/** Service cards; each card's button opens the section's form in a popup, titled with the service. */
export function Services(section: SectionOf<"services">) {
  const services = useEntries(section.services);
  return (
    <SectionFrame section={section} className="services">
      <ul className="cards cards--three">
        {services.map((service) => (
          <Card
            key={service.id}
            icon={service.icon}
            title={service.title}
            text={service.summary}
            draft={service.draft}
            window={service}
          >
            <FormDialogButton
              form={section.form}
              choice={service.title}
              context={service.title}
              className="button button--secondary card__action"
              label={`${section.buttonLabel}: ${service.title}`}
            >
              {section.buttonLabel}
            </FormDialogButton>
          </Card>
        ))}
      </ul>
    </SectionFrame>
  );
}
