import { Icon } from "../../ui/components/Icon";
import { useSite } from "../../ui/content/ContentProvider";

/** The floating toll-free call button, on every page; a click pushes `callLogoClick` and, as every tel: link, `click_to_call` (ui/page-behaviours.ts). */
export function CallButton() {
  const { callButton, contact } = useSite();
  return (
    <a
      className="call-button"
      href={`tel:${contact.phone.e164}`}
      data-track="callLogoClick"
      data-call-location="call button"
    >
      <span className="call-button__icon">
        <Icon name="phone" />
      </span>
      <span className="call-button__text">
        <span className="call-button__label">{callButton.label}</span>
        <span className="call-button__number">{contact.phone.display}</span>
      </span>
    </a>
  );
}
