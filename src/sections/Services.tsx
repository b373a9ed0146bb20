import { useState } from "react";
import type { SectionOf } from "../../schemas";
import { FormDialog } from "../components/FormDialog";
import { useEntries, useForm } from "../content/ContentProvider";
import { Card } from "./Cards";
import { SectionFrame } from "./SectionFrame";

/** Service cards; each card's button opens the section's form in a popup, titled with the service. */
export function Services(section: SectionOf<"services">) {
  const services = useEntries("services", section.services);
  const form = useForm(section.form);
  const [chosen, setChosen] = useState<{ title: string; opener: HTMLElement } | null>(null);
  return (
    <SectionFrame section={section} className="services">
      <ul className="cards cards--three">
        {services.map((service) => (
          <Card key={service.id} icon={service.icon} title={service.title} text={service.summary}>
            <button
              type="button"
              className="button button--secondary card__action"
              aria-haspopup="dialog"
              aria-label={`${section.buttonLabel}: ${service.title}`}
              onClick={(event) => {
                const opener = event.currentTarget;
                setChosen((current) => (current?.title === service.title ? null : { title: service.title, opener }));
              }}
            >
              {section.buttonLabel}
            </button>
          </Card>
        ))}
      </ul>
      <FormDialog
        form={form}
        context={chosen?.title ?? null}
        opener={chosen?.opener ?? null}
        onClose={() => setChosen(null)}
      />
    </SectionFrame>
  );
}
