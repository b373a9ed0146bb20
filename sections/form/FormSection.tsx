import type { SectionOf } from "../../schemas";
import { ContactList } from "../../ui/components/ContactList";
import { FormPanel } from "../../ui/components/FormPanel";
import { Heading, useSubLevel } from "../../ui/components/Heading";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./form.css";

/** A form, beside the company's contact details when the section has a contact heading. */
export function FormSection(section: SectionOf<"form">) {
  const level = useSubLevel();
  return (
    <SectionFrame section={section} className="form-section" aside={<FormPanel form={section.form} />}>
      {section.contactHeading && (
        <div className="contact-details">
          <Heading level={level}>{section.contactHeading}</Heading>
          <ContactList hours />
        </div>
      )}
    </SectionFrame>
  );
}
