/**
 * What /admin/ registers in Decap (admin/decap/cms.ts registers it): the widgets the generated
 * configuration uses (scripts/cms/config.ts), each from its package, the backends it can start and
 * nothing else. Plain data, so that the configuration's test (tests/cms/config.test.ts) reads the list
 * from here and asks that every widget the configuration uses is in it. decap-cms-app, which /admin/
 * started with until issue 61 item 4, registered 9 backends, 17 widgets and every locale: about
 * 1,780 KB gzipped before the login screen (docs/decisions/0047-admin-weight.md).
 */

/** Decap's widgets the configuration uses, by name: the package each comes from. */
export const widgetPackages = {
  string: "decap-cms-widget-string",
  number: "decap-cms-widget-number",
  boolean: "decap-cms-widget-boolean",
  select: "decap-cms-widget-select",
  datetime: "decap-cms-widget-datetime",
  image: "decap-cms-widget-image",
  relation: "decap-cms-widget-relation",
  object: "decap-cms-widget-object",
  list: "decap-cms-widget-list",
  markdown: "decap-cms-widget-markdown",
} as const;

export type WidgetName = keyof typeof widgetPackages;

/**
 * Those loaded only when an editor draws one (admin/decap/later.tsx): the Markdown editor (Slate,
 * remark and rehype) is the largest part of Decap's widgets, and the login screen and the lists of
 * entries never need it.
 */
export const laterWidgets = ["markdown"] as const satisfies readonly WidgetName[];

/** Widgets Decap's core knows without a registration: a hidden field is never drawn (EditorControlPane). */
export const decapCoreWidgets = ["hidden"] as const;

/** /admin/'s own widgets (admin/widgets/registration.tsx registers each by this name). */
export const ownWidgets = ["focus", "icon"] as const;

/**
 * The backends the configuration can start: `github` (scripts/cms/config.ts always names it), and
 * `proxy`, Decap's local proxy, which Decap starts in its place when `local_backend` answers
 * (admin/main.tsx sets it for `npm run cms`).
 */
export const backendPackages = {
  github: "decap-cms-backend-github",
  proxy: "decap-cms-backend-proxy",
} as const;

/** The one locale: /admin/ is in English (Decap falls back to `en` for any phrase). */
export const locale = "en";
