import { ContactList } from "../../ui/components/ContactList";
import { Markdown } from "../../ui/components/Markdown";
import { SmartLink } from "../../ui/components/SmartLink";
import { useSite } from "../../ui/content/ContentProvider";
import { PrivacyChoicesLink } from "./PrivacyChoices";

/** A footer's list of links, "Your Privacy Choices" last. */
function FooterLinks({ className, links }: { className: string; links: readonly { label: string; to: string }[] }) {
  return (
    <ul className={className}>
      {links.map((link, index) => (
        <li key={index}>
          <SmartLink to={link.to}>{link.label}</SmartLink>
        </li>
      ))}
      <li>
        <PrivacyChoicesLink />
      </li>
    </ul>
  );
}

/**
 * The site's footer: the company, its links, the contact details, "Your Privacy Choices", the
 * disclaimer. On a campaign landing page, only the legal links (site.yaml's `footer.legalLinks`),
 * "Your Privacy Choices" and the disclaimer: nothing that leads away from the offer.
 */
export function Footer({ landing = false }: { landing?: boolean }) {
  const { company, navigation, footer } = useSite();
  const legal = (
    <div className="container site-footer__legal">
      <Markdown html={footer.disclaimer} className="site-footer__disclaimer" />
      <p>
        {/* The year may differ between the pre-render and the visit; the client's wins. */}©{" "}
        <span suppressHydrationWarning>{new Date().getFullYear()}</span> {footer.copyright}
      </p>
    </div>
  );
  if (landing)
    return (
      <footer className="site-footer site-footer--landing" data-call-location="footer">
        <nav className="container" aria-label={footer.linksHeading}>
          <FooterLinks className="site-footer__legal-links" links={footer.legalLinks ?? []} />
        </nav>
        {legal}
      </footer>
    );
  return (
    <footer className="site-footer" data-call-location="footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__name">{company.name}</p>
          <p>{company.tagline}</p>
        </div>
        <nav aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className="site-footer__heading">
            {footer.linksHeading}
          </h2>
          <FooterLinks className="site-footer__links" links={navigation.footer} />
        </nav>
        <div>
          <h2 className="site-footer__heading">{footer.contactHeading}</h2>
          <ContactList className="site-footer__contact" />
        </div>
      </div>
      {legal}
    </footer>
  );
}
