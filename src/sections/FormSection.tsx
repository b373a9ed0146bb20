import type { SectionOf } from "../../schemas";
import { Heading, useSubLevel } from "../components/Heading";
import { Icon } from "../components/Icon";
import { LeadForm } from "../components/LeadForm";
import { useForm, useSite } from "../content/ContentProvider";
import { SectionFrame } from "./SectionFrame";

/** The company's phone, e-mail, address and hours, from site settings. */
function ContactDetails({ heading }: { heading: string }) {
  const { contact } = useSite();
  const level = useSubLevel();
  const a = contact.address;
  return (
    <div className="contact-details">
      <Heading level={level}>{heading}</Heading>
      <ul>
        <li>
          <Icon name="phone" />
          <a href={`tel:${contact.phone.e164}`}>{contact.phone.display}</a>
        </li>
        <li>
          <Icon name="mail" />
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </li>
        <li>
          <Icon name="map-pin" />
          <address>
            {a.street}
            <br />
            {a.city}, {a.region} {a.postalCode}
          </address>
        </li>
        <li>
          <Icon name="clock" />
          <span>{contact.hours}</span>
        </li>
      </ul>
    </div>
  );
}

export function FormSection(section: SectionOf<"form">) {
  const form = useForm(section.form);
  const level = useSubLevel();
  return (
    <SectionFrame
      section={section}
      className="form-section"
      aside={
        <div className="panel">
          <LeadForm form={form} level={level} />
        </div>
      }
    >
      {section.contactHeading && <ContactDetails heading={section.contactHeading} />}
    </SectionFrame>
  );
}
