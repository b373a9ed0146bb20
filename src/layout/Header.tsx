import { Link } from "react-router-dom";
import { Icon } from "../../ui/components/Icon";
import { Img } from "../../ui/components/Img";
import { SmartLink } from "../../ui/components/SmartLink";
import { useSite } from "../../ui/content/ContentProvider";

/** The site's header: the logo and the navigation; on a campaign landing page, the logo and the phone number only. */
export function Header({ landing = false }: { landing?: boolean }) {
  const { company, navigation, contact } = useSite();
  return (
    <header className="site-header" data-call-location="header">
      <div className="container site-header__inner">
        {landing ? (
          <>
            <span className="site-header__logo">
              <Img image={company.logo} eager />
            </span>
            <a className="site-header__phone" href={`tel:${contact.phone.e164}`}>
              <Icon name="phone" />
              {contact.phone.display}
            </a>
          </>
        ) : (
          <>
            <Link to="/" className="site-header__logo">
              <Img image={company.logo} eager />
            </Link>
            <nav aria-label={company.name}>
              <ul className="site-nav">
                {navigation.header.map((link, index) => (
                  <li key={index}>
                    <SmartLink to={link.to} nav>
                      {link.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          </>
        )}
      </div>
    </header>
  );
}
