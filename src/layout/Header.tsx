import { Link } from "react-router-dom";
import { Img } from "../../ui/components/Img";
import { SmartLink } from "../../ui/components/SmartLink";
import { useSite } from "../../ui/content/ContentProvider";

export function Header() {
  const { company, navigation } = useSite();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
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
      </div>
    </header>
  );
}
