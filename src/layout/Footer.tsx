import { ContactList } from "../../ui/components/ContactList";
import { Markdown } from "../../ui/components/Markdown";
import { SmartLink } from "../../ui/components/SmartLink";
import { useSite } from "../../ui/content/ContentProvider";

export function Footer() {
  const { company, navigation, footer } = useSite();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__name">{company.name}</p>
          <p>{company.tagline}</p>
        </div>
        <nav aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className="site-footer__heading">
            {footer.linksHeading}
          </h2>
          <ul className="site-footer__links">
            {navigation.footer.map((link, index) => (
              <li key={index}>
                <SmartLink to={link.to}>{link.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">{footer.contactHeading}</h2>
          <ContactList className="site-footer__contact" />
        </div>
      </div>
      <div className="container site-footer__legal">
        <Markdown html={footer.disclaimer} className="site-footer__disclaimer" />
        <p>
          {/* The year may differ between the pre-render and the visit; the client's wins. */}©{" "}
          <span suppressHydrationWarning>{new Date().getFullYear()}</span> {footer.copyright}
        </p>
      </div>
    </footer>
  );
}
