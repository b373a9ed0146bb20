/**
 * /admin/: the editing UI (Decap CMS, from npm, served from our own build). Its configuration is
 * generated from the schemas (src/generated/cms-config.json, written by `npm run content:build`);
 * its preview pane renders the entry being edited with the site's own renderers and CSS.
 * On 127.0.0.1 or localhost (`npm run cms`) it edits the files of this clone through Decap's local
 * proxy, saving straight to content/; elsewhere it opens a pull request per edit on GitHub.
 */
import type { ComponentType } from "react";
import cms from "decap-cms-app";
import type { CmsWidgetControlProps, CmsWidgetPreviewProps } from "decap-cms-core";
import { MemoryRouter } from "react-router-dom";
import config from "../src/generated/cms-config.json";
import * as generated from "../src/generated/index.js";
import { App } from "../src/App.tsx";
import { followContent } from "../src/content/live.ts";
import { createPageStore } from "../src/content/pages.ts";
import type { CollectionName, PageData } from "../schemas/index.ts";
import tokensCss from "../src/styles/tokens.css?url";
import siteCss from "../src/styles/site.css?url";
import { preview, type Built, type Edited } from "./preview.ts";
// Each section's own styles (and the shared cards'), which its renderer imports: the preview pane is a
// frame of its own, so it is given them as it is given site.css.
const sectionCss = import.meta.glob<string>(["../src/sections/*.css", "../sections/*/*.css"], {
  query: "?url",
  import: "default",
  eager: true,
});

interface PreviewProps {
  entry: { get(key: "data" | "slug"): { toJS?: () => unknown } & unknown };
  getAsset(path: string): { toString(): string };
}

const built: Built = {
  site: generated.site,
  collections: generated.collections,
  forms: generated.forms,
  routes: generated.routes,
  pages: await Promise.all(generated.routes.map((route) => generated.loadPage(route))),
};

// `npm run cms`: a publish rewrites the generated modules; /admin/ is not reloaded (the dev server
// sends no reload for them), and the preview's picture of the rest of the site follows.
if (import.meta.hot) {
  followContent(
    import.meta.hot,
    generated,
    () => true,
    async ({ generated: next, pages, structural }) => {
      Object.assign(built, {
        site: next.site,
        collections: next.collections,
        forms: next.forms,
        routes: [...next.routes],
      });
      built.pages = structural
        ? await Promise.all(next.routes.map((route) => pages.get(route) ?? next.loadPage(route)))
        : built.pages.map((page) => pages.get(page.route) ?? page);
    },
  );
}

function edited(props: PreviewProps, kind: string): Edited {
  const data = (props.entry.get("data").toJS?.() ?? {}) as Record<string, unknown>;
  const id = String(props.entry.get("slug") ?? "");
  if (kind === "pages" || kind === "legal") return { kind: kind === "pages" ? "page" : "legal", data };
  if (kind === "site") return { kind: "site", data };
  if (kind === "forms") return { kind: "form", id, data };
  return { kind: "entry", collection: kind as CollectionName, id, data };
}

/** The preview of one kind of entry: the page as the site would show it, or what is missing. */
function previewOf(kind: string) {
  return function Preview(props: PreviewProps) {
    const shown = preview(edited(props, kind), built, (src) => props.getAsset(src).toString());
    if (!shown.ok) {
      return (
        <div className="container" style={{ padding: "2rem 1rem" }}>
          <h1>Not ready to show yet</h1>
          <ul>
            {shown.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      );
    }
    const pages = createPageStore(
      [...new Set([...shown.pages.map((p) => p.route)])],
      (route) => Promise.resolve(shown.pages.find((p: PageData) => p.route === route)!),
      shown.pages,
    );
    return (
      <MemoryRouter initialEntries={[shown.route]}>
        <App content={{ site: shown.site, pages, collections: shown.collections, forms: shown.forms }} />
      </MemoryRouter>
    );
  };
}

/**
 * A toggle shows what the site does when the file leaves the field out: its default. Decap shows a
 * missing value as off, so a page that search engines may list (`index` left out, true by default)
 * would read "off". Nothing is written until someone flips it.
 */
function showDefaultWhenMissing(widget: string) {
  // Decap's own types name the registered control's props as its type; it is a component.
  const registered = cms.getWidget(widget) as unknown as
    | {
        control: ComponentType<CmsWidgetControlProps<boolean | undefined>>;
        preview?: ComponentType<CmsWidgetPreviewProps>;
      }
    | undefined;
  if (!registered) return;
  const Control = registered.control;
  cms.registerWidget(
    widget,
    (props: CmsWidgetControlProps<boolean | undefined>) => (
      <Control {...props} value={props.value ?? (props.field.get("default") as boolean | undefined)} />
    ),
    registered.preview,
  );
}

const local = ["127.0.0.1", "localhost"].includes(window.location.hostname);
const proxyPort = import.meta.env.VITE_CMS_PROXY_PORT ?? "8081";
showDefaultWhenMissing("boolean");
cms.registerPreviewStyle(tokensCss);
cms.registerPreviewStyle(siteCss);
for (const css of Object.values(sectionCss)) cms.registerPreviewStyle(css);
for (const kind of ["pages", "legal", "site", "forms", "services", "plans", "team", "faq", "testimonials"]) {
  cms.registerPreviewTemplate(kind, previewOf(kind));
}
cms.init({
  // Generated, so typed as the JSON it is rather than Decap's own types.
  config: {
    ...config,
    load_config_file: false,
    // `npm run cms`: no login; each save writes the file in content/ (the proxy knows no pull requests).
    ...(local
      ? {
          local_backend: { url: `http://127.0.0.1:${proxyPort}/api/v1`, allowed_hosts: ["127.0.0.1", "localhost"] },
          publish_mode: "simple",
        }
      : {}),
  } as unknown as Parameters<typeof cms.init>[0] extends { config?: infer C } | undefined ? C : never,
});
