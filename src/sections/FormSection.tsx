import type { SectionOf } from "../../schemas";
import { ContactList } from "../components/ContactList";
import { FormPanel } from "../components/FormPanel";
import { Heading, useSubLevel } from "../components/Heading";
import { SectionFrame } from "./SectionFrame";

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
