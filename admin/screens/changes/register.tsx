/**
 * The Recent changes screen's place in /admin/ (own-page.tsx): the page #/page/changes (with its
 * filter: #/page/changes?entry=…&person=…) and a "Recent changes" link beside Decap's screens.
 */
import { site } from "../../../src/generated/index.js";
import { signedIn } from "../../decap/login.ts";
import { registerOwnPage } from "../own-page.tsx";
import { zoneOf } from "../../history/dates.ts";
import { ChangesScreen } from "./ChangesScreen.tsx";
import "./changes.css";

registerOwnPage({
  name: "changes",
  title: "Recent changes",
  link: "Recent changes",
  className: "changes-screen",
  render: (query) => (
    <>
      <nav aria-label="Content editor" className="changes-nav">
        <a href="#/">← Back to the content</a>
      </nav>
      <main>
        {signedIn() ? (
          <ChangesScreen query={query} zone={zoneOf(site.timeZone)} />
        ) : (
          <>
            <h1>Recent changes</h1>
            <p>
              Sign in to the content editor first: <a href="#/">go to the sign-in</a>, then choose "Recent changes" at
              the bottom right.
            </p>
          </>
        )}
      </main>
    </>
  ),
});
