/**
 * The Leads screen's place in /admin/ (own-page.tsx): the page #/page/leads (the address the daily
 * summary of held leads links to, query included: #/page/leads?spam=only) and a "Leads" link to it
 * beside Decap's screens. Whether someone is logged in is read as Decap keeps it (../login.ts).
 */
import { forms } from "../../../src/generated/index.js";
import { signedIn } from "../../decap/login.ts";
import { registerOwnPage } from "../own-page.tsx";
import { LeadsScreen } from "./LeadsScreen.tsx";
import "./leads.css";

registerOwnPage({
  name: "leads",
  title: "Leads",
  link: "Leads",
  className: "leads-screen",
  render: (query) => (
    <>
      <nav aria-label="Content editor" className="leads-nav">
        <a href="#/">← Back to the content</a>
      </nav>
      <main>
        {signedIn() ? (
          <LeadsScreen forms={forms} query={query} />
        ) : (
          <>
            <h1>Leads</h1>
            <p>
              Sign in to the content editor first: <a href="#/">go to the sign-in</a>, then choose "Leads" at the bottom
              right.
            </p>
          </>
        )}
      </main>
    </>
  ),
});
