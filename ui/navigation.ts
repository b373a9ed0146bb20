/**
 * How a component goes to another page of the site (a route: "/thankyou"). The app (`npm run dev`,
 * /admin/'s preview) gives its router's `navigate` (src/layout/Layout.tsx); on the live site, where
 * every page is its own document and islands have no router, there is none and the browser loads the
 * page (`go`).
 */
import { createContext, useContext } from "react";
import { withBase } from "./base";

export const Navigation = createContext<((route: string) => void) | null>(null);

/** The app's router, where there is one. */
export const useNavigation = () => useContext(Navigation);

/** Goes to a route: through the app's router, or by loading the page. */
export function go(navigate: ((route: string) => void) | null, route: string): void {
  if (navigate) navigate(route);
  else window.location.assign(withBase(route));
}
