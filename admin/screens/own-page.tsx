/**
 * A screen of /admin/'s own beside Decap's (the Leads screen, Recent changes): its page at an address
 * of its own (#/page/<name>, query included: #/page/leads?spam=only) and a link to it beside Decap's
 * screens. Decap 3.16 (decap-cms-core 3.19) has no API for a page of its own (no
 * `registerAdditionalLink`; its router knows only its collections, decision 0036), so each screen is
 * a React root of its own beside Decap's: while the address is one of theirs, Decap's root is hidden
 * and that screen shown, drawn anew from the address.
 * The links are ours, outside Decap's tree (in the bottom-right corner, corner.ts), on Decap's lists and sign-in page, not on
 * an entry being edited (nothing runs on a timer or on Decap's changes: only on the address). Not
 * items in Decap's top bar: an element added inside the DOM React draws for Decap left its entry
 * editor "Loading entry..." (the editing tests).
 */
import type { ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { putInCorner } from "./corner.ts";
import "./own-page.css";
import "./screen-text.css";
import { decapRoot } from "../decap/dom.ts";
import { isEditor } from "../decap/routes.ts";

export interface OwnPage {
  /** The page's address is #/page/<name>. */
  name: string;
  /** The window's title while it shows ("Leads"). */
  title: string;
  /** The link's words. */
  link: string;
  /** The container's class name. */
  className: string;
  /** The page, from its address's query. */
  render(query: URLSearchParams): ReactNode;
}

interface Shown {
  page: OwnPage;
  container: HTMLElement;
  root?: Root;
}

const pages: Shown[] = [];
let title = document.title;
let showing = false;

const links = document.createElement("nav");
links.setAttribute("aria-label", "More of the content editor");
links.className = "own-page-links";
links.hidden = true;

const routeOf = (page: OwnPage) => new RegExp(`^#/page/${page.name}(?:\\?(.*))?$`);

function show() {
  const hash = window.location.hash;
  let any = false;
  for (const shown of pages) {
    const match = routeOf(shown.page).exec(hash);
    shown.root?.unmount();
    shown.root = undefined;
    shown.container.hidden = !match;
    if (!match) continue;
    any = true;
    if (!showing) title = document.title;
    document.title = `${shown.page.title} · Content editor`;
    shown.root = createRoot(shown.container);
    shown.root.render(shown.page.render(new URLSearchParams(match[1] ?? "")));
  }
  if (showing && !any) document.title = title;
  showing = any;
  const decap = decapRoot();
  if (decap) decap.hidden = any;
  links.hidden = any || isEditor(hash);
}

/** Adds a page and its link. */
export function registerOwnPage(page: OwnPage) {
  const container = document.createElement("div");
  container.id = `${page.name}-root`;
  container.className = `own-screen admin-own ${page.className}`;
  container.hidden = true;
  document.body.append(container);
  const link = document.createElement("a");
  link.href = `#/page/${page.name}`;
  link.textContent = page.link;
  link.className = "own-page-link";
  links.append(link);
  if (pages.length === 0) {
    putInCorner("own-pages", links);
    window.addEventListener("hashchange", show);
  }
  pages.push({ page, container });
  show();
}
