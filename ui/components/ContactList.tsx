import { useSite } from "../content/ContentProvider";
import { Icon } from "./Icon";

/** The company's phone (a tel: link), e-mail (a mailto: link), address and, if asked, hours. */
export function ContactList({ className, hours = false }: { className?: string; hours?: boolean }) {
  const { contact } = useSite();
  const a = contact.address;
  return (
    <ul className={className}>
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
          {a.street}, {a.city}, {a.region} {a.postalCode}
        </address>
      </li>
      {hours && (
        <li>
          <Icon name="clock" />
          <span>{contact.hours}</span>
        </li>
      )}
    </ul>
  );
}
