/**
 * The Leads screen's place in /admin/: the page #/page/leads (the address the daily summary of held
 * leads links to, query included: #/page/leads?spam=only) and a "Leads" link to it beside Decap's screens.
 * Decap 3.16 (decap-cms-core 3.19) has no API for a page of its own (no `registerAdditionalLink`;
 * its router knows only its collections, decision 0036), so the screen is a React root of its own
 * beside Decap's: while the address is #/page/leads, Decap's root is hidden and this one shown.
 * Whether someone is logged in, and their token, are read as Decap keeps them (api.ts).
 */
import { createRoot, type Root } from "react-dom/client";
import { forms } from "../../src/generated/index.js";
import { signedIn } from "../login.ts";
import { LeadsScreen } from "./LeadsScreen.tsx";
import "./leads.css";

export const leadsAddress = "#/page/leads";
const route = /^#\/page\/leads(?:\?(.*))?$/;

let root: Root | undefined;
let container: HTMLElement | undefined;
let title = document.title;

function show() {
  const match = route.exec(window.location.hash);
  const decap = document.getElementById("nc-root");
  if (!match) {
    if (root) {
      root.unmount();
      root = undefined;
      container!.hidden = true;
      document.title = title;
    }
    if (decap) decap.hidden = false;
    return;
  }
  if (decap) decap.hidden = true;
  if (!container) {
    container = document.createElement("div");
    container.id = "leads-root";
    container.className = "leads-screen";
    document.body.append(container);
  }
  container.hidden = false;
  if (!root) title = document.title;
  document.title = "Leads · Content editor";
  root?.unmount();
  root = createRoot(container);
  root.render(
    <>
      <nav aria-label="Content editor" className="leads-nav">
        <a href="#/">← Back to the content</a>
      </nav>
      <main>
        {signedIn() ? (
          <LeadsScreen forms={forms} query={new URLSearchParams(match[1] ?? "")} />
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
    </>,
  );
}

/**
 * "Leads": a link of our own, outside Decap's tree (bottom right), on Decap's lists and sign-in page,
 * not on an entry being edited (nothing runs on a timer or on Decap's changes: only on the address). Not an item in Decap's top bar: an element added inside
 * the DOM React draws for Decap left its entry editor "Loading entry..." (the editing tests).
 */
const link = document.createElement("a");
link.href = leadsAddress;
link.textContent = "Leads";
link.className = "leads-link";
link.hidden = true;
document.body.prepend(link);
function placeLink() {
  const hash = window.location.hash;
  link.hidden = route.test(hash) || /^#\/collections\/[^/]+\/(entries|new)\b/.test(hash);
}

window.addEventListener("hashchange", () => {
  show();
  placeLink();
});
show();
placeLink();
