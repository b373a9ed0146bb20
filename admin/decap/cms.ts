/**
 * Decap's core with what /admin/ uses registered, and nothing else (widget-packages.ts lists it):
 * the GitHub backend and the local proxy's, the English phrases, and the widgets the generated
 * configuration uses, the Markdown editor loaded only when an editor draws one (later.tsx), or once
 * someone is logged in and the page is idle. decap-cms-app registered every backend, widget and
 * locale Decap has; decap-cms-core's `init` does the rest of what it did (the configuration loaded,
 * then the user restored: its bootstrap's `authenticateUser`). decap.ts hands the rest of admin/
 * this instance.
 * Each backend is registered as a class of its own around Decap's: its `authenticate` (a login, and a
 * stored login restored, go through it) first waits for what `waitBeforeLogin` was given, /admin/'s
 * parts (admin/parts.ts), so nobody is logged in, and no entry is read, before they are registered.
 */
import { DecapCmsCore as cms } from "decap-cms-core";
import { GitHubBackend, type BackendClass } from "decap-cms-backend-github";
import { ProxyBackend } from "decap-cms-backend-proxy";
import { en } from "decap-cms-locales";
import string from "decap-cms-widget-string";
import number from "decap-cms-widget-number";
import boolean from "decap-cms-widget-boolean";
import select from "decap-cms-widget-select";
import datetime from "decap-cms-widget-datetime";
import image from "decap-cms-widget-image";
import relation from "decap-cms-widget-relation";
import object from "decap-cms-widget-object";
import list from "decap-cms-widget-list";
import markdownSchema from "decap-cms-widget-markdown/dist/esm/schema.js";
import { later, type LaterWidget, type WidgetParts } from "./later.tsx";
import { locale, type backendPackages, type laterWidgets, type WidgetName } from "./widget-packages.ts";

type Later = (typeof laterWidgets)[number];
type WidgetPackage = { Widget(): object };

/** Each widget of widget-packages.ts registered now, from its package (the type asks for each). */
const now: Record<Exclude<WidgetName, Later>, WidgetPackage> = {
  string,
  number,
  boolean,
  select,
  datetime,
  image,
  relation,
  object,
  list,
};

/** Each widget loaded later: its schema now, the rest from its package when first drawn. */
const whenDrawn: Record<Later, LaterWidget> = {
  markdown: later("markdown", markdownSchema, () =>
    import("decap-cms-widget-markdown").then((found) => found.default.Widget() as WidgetParts),
  ),
};

let beforeLogin: () => Promise<unknown> = () => Promise.resolve();

/** Decap's login (and a stored login restored) waits for `wait()` first. */
export function waitBeforeLogin(wait: () => Promise<unknown>) {
  beforeLogin = wait;
}

/** `Backend`, its `authenticate` waiting for `beforeLogin` first. */
function afterParts(Backend: BackendClass): BackendClass {
  return class extends Backend {
    override async authenticate(...args: unknown[]) {
      await beforeLogin();
      return super.authenticate(...args);
    }
  };
}

const backends: Record<keyof typeof backendPackages, BackendClass> = { github: GitHubBackend, proxy: ProxyBackend };
for (const [name, backend] of Object.entries(backends)) cms.registerBackend(name, afterParts(backend) as never);
cms.registerLocale(locale, en as never);
cms.registerWidget([
  ...Object.values(now).map((found) => found.Widget()),
  ...Object.values(whenDrawn).map((found) => found.widget),
] as never);

/** Starts loading the widgets loaded later (their first editor then draws at once). */
export function preloadLaterWidgets(): void {
  for (const found of Object.values(whenDrawn)) void found.preload().catch(() => {});
}

export { cms };
