/**
 * /admin/: the editing UI (Decap CMS, from npm, served from our own build). Its configuration is
 * generated from the schemas (`virtual:cms-config`, by scripts/cms/vite-plugin.ts when Vite builds or serves it);
 * its preview pane renders the entry being edited with the site's own renderers and CSS.
 * On 127.0.0.1 or localhost (`npm run cms`) it edits the files of this clone through Decap's local
 * proxy, saving straight to content/; elsewhere it opens a pull request per edit on GitHub.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Decap hands widgets and event handlers Immutable values, untyped. */
import "./node-global.ts";
import "./page.ts";
import "./leads/register.tsx";
import type { ComponentType } from "react";
import cms from "decap-cms-app";
import type { CmsWidgetControlProps, CmsWidgetPreviewProps } from "decap-cms-core";
import { MemoryRouter } from "react-router-dom";
import config from "virtual:cms-config";
import { withZoneHints } from "./zone-hints.ts";
import * as generated from "../src/generated/index.js";
import { App } from "../src/App.tsx";
import { followContent } from "../src/content/live.ts";
import { createPageStore } from "../ui/content/pages.ts";
import type { CollectionName, PageData } from "../schemas/index.ts";
import tokensCss from "../src/styles/tokens.css?url";
import siteCss from "../src/styles/site.css?url";
import { preview, type Built, type Edited } from "./preview.ts";
import { ChosenTime, usePreviewClock } from "./preview-time.tsx";
import { PreviewTime } from "../ui/components/Scheduled.tsx";
import { checkEntry, type Found, type StoredFile } from "./check.ts";
import { editInPlace, fromFile, schemaDefaults, SOURCE, TEXT, toFile, withoutHidden } from "./in-place.ts";
import { problemsOf, setBasis, setChecker, setLastField, withChecks } from "./widgets/checks.tsx";
import { FocusControl, LOADING_PICTURE, setPictureUrl, urlOfPicture, withPictures } from "./widgets/pictures.tsx";
import { ListOrder } from "./widgets/order.tsx";
import { setTitles } from "./widgets/rows.ts";
import { setEntries, withReferences } from "./widgets/references.tsx";
import { IconControl } from "./widgets/icons.tsx";
import { notice, refusing } from "./notice.ts";
import { labelled } from "./labels.ts";
import { addTo, offerPlaces } from "./placement.ts";
import { placesFor } from "./places.ts";
import { Inspect } from "./inspect/Inspect.tsx";
import { arrived, followTheCursor, surroundings } from "./inspect/around.ts";
import { markContent, type EntryName } from "./inspect/sources.ts";
import {
  allFiles,
  backendReady,
  filesOf,
  forgetMissing,
  pictureFromBackend,
  pictureMissing,
  usePictures,
} from "./backend.ts";
import { contentKinds as table, kindNamed, pageWindowsOf, withoutContext, type KindTable } from "../schemas/index.ts";

/** The table of kinds, as rows of any kind (schemas/kinds.ts). */
const contentKinds: KindTable = table;
import { stringify } from "yaml";
import type { z } from "zod";
// Each section's own styles (and the shared cards'), which its renderer imports: the preview pane is a
// frame of its own, so it is given them as it is given site.css.
const sectionCss = import.meta.glob<string>(["../ui/sections/*.css", "../sections/*/*.css"], {
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
  const data = withoutHidden((props.entry.get("data").toJS?.() ?? {}) as Record<string, unknown>);
  const id = String(props.entry.get("slug") ?? "");
  // The CMS collection's row in the table of kinds (its own, or the one whose Markdown entries it holds).
  const row = contentKinds.find((k) => k.name === kind || (k.role !== "settings" && k.markdown?.collection === kind));
  if (row?.role === "page") return { kind: kind === row.name ? "page" : "legal", data };
  if (row?.role === "settings") return { kind: "site", data };
  if (row?.role === "form") return { kind: "form", id, data };
  return { kind: "entry", collection: kind as CollectionName, id, data };
}

/** The entry being previewed as /admin/ names it (a settings file: in the settings collection, by its name). */
function entryName(props: PreviewProps, kind: string): EntryName {
  const row = contentKinds.find((k) => k.name === kind);
  if (row?.role === "settings") return { collection: "settings", slug: kind };
  return { collection: kind, slug: String(props.entry.get("slug") ?? "") };
}

/** The preview's link to the form, the labels and the other entries (admin/inspect/around.ts). */
const around = surroundings(config, (collection, id) => titleOf(collection, id));
followTheCursor();

/** The preview of one kind of entry: the page as the site would show it, or what is missing. */
function previewOf(kind: string) {
  return function Preview(props: PreviewProps) {
    // Drawn again as each picture arrives from the backend.
    usePictures();
    const entry = edited(props, kind);
    const shown = preview(entry, built, (src) => urlOfPicture(src) ?? props.getAsset(src).toString());
    // The preview's time (what is scheduled is marked at it): chosen at the foot of the preview, else now.
    const zone = shown.ok ? shown.site.timeZone : undefined;
    const clock = usePreviewClock(zone);
    if (!shown.ok) {
      // What the content check says, in its words, at the field's label.
      const found = problemsOf(props.entry);
      return (
        <div className="container" style={{ padding: "2rem 1rem" }}>
          <h1>Not ready to show yet</h1>
          <p>Fill in the fields on the left; the page shows here as soon as the site would accept it.</p>
          <ul>
            {(found.length
              ? found.map(
                  (p) => `${labelled(config, kind, String(props.entry.get("slug") ?? ""), p.field)}${p.message}`,
                )
              : shown.problems
            ).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      );
    }
    // Each value that shows carries a mark to its field (admin/inspect/): edit on the page.
    const editing = entryName(props, kind);
    const legal = entry.kind === "legal" ? (entry.data.heading ? "heading" : "title") : undefined;
    const { content, sources } = markContent(shown, shown.route, editing, contentKinds, legal);
    arrived(editing);
    const pages = createPageStore(
      [...new Set([...content.pages.map((p) => p.route)])],
      (route) => Promise.resolve(content.pages.find((p: PageData) => p.route === route)!),
      content.pages,
    );
    return (
      <Inspect sources={sources} around={around}>
        <PreviewTime clock={clock}>
          <MemoryRouter initialEntries={[shown.route]}>
            <App
              content={{
                site: content.site,
                pages,
                pageWindows: pageWindowsOf(content.pages),
                collections: content.collections,
                forms: content.forms,
              }}
            />
          </MemoryRouter>
        </PreviewTime>
        <ChosenTime zone={zone} />
      </Inspect>
    );
  };
}

/**
 * A toggle shows what the site does when the file leaves the field out: its default. Decap shows a
 * missing value as off, so a page that search engines may list (`index` left out, true by default)
 * would read "off". Nothing is written until someone flips it.
 */
function showDefaultWhenMissing(widget: string) {
  // (A select too: a section's background reads "plain" when the file leaves it out.)
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

// Where the content files are in the repository: the folder of the site settings' file.
const settingsFile = (config.collections as { files?: { file: string }[] }[]).find((c) => c.files)?.files?.[0]?.file;
const contentRoot = settingsFile ? settingsFile.slice(0, settingsFile.lastIndexOf("/")) : "content";

// The content files as stored, for the check before saving: read through Decap's backend (the
// repository the marketer is logged in to: GitHub, or the local proxy with `npm run cms`) after
// logging in and again before each save; until then, or when the backend cannot be read, the site
// as last built. What the check is based on is shown under the entry's last field.
let stored: StoredFile[] = storedFromBuilt();
function storedFromBuilt(): StoredFile[] {
  const files: StoredFile[] = [{ rel: "site.yaml", text: stringify(built.site) }];
  built.pages.forEach((page, i) => {
    const sections = page.sections.map((s) => ({ anchor: s.anchor, draft: s.draft }));
    files.push({ rel: `pages/built-${i}.yaml`, text: stringify({ route: page.route, draft: page.draft, sections }) });
  });
  for (const [name, entries] of Object.entries(built.collections)) {
    const row = kindNamed(name);
    if (!row || row.role === "settings") continue;
    for (const entry of entries as { id: string }[])
      files.push({ rel: `${row.folder}/${entry.id}.yaml`, text: stringify(entry) });
  }
  for (const id of Object.keys(built.forms)) files.push({ rel: `forms/${id}.yaml`, text: "{}" });
  return files;
}

// What the check before saving knows the other content files from, in words for the marketer: a line
// under the last field of the entry (widgets/checks.tsx).
const showBasis = setBasis;
showBasis("Checks before saving: against the site as last published, until the current content is read.");
setLastField((entry) => {
  const collection = (
    config.collections as {
      name: string;
      fields?: { name: string }[];
      files?: { name: string; fields: { name: string }[] }[];
    }[]
  ).find((c) => c.name === entry?.get?.("collection"));
  const fields = collection?.files
    ? collection.files.find((f) => f.name === entry.get("slug"))?.fields
    : collection?.fields;
  return fields?.at(-1)?.name;
});

let reading: Promise<void> | undefined;
async function readStored() {
  if (!backendReady()) return;
  try {
    const { files, unread } = await allFiles();
    const prefix = `${contentRoot}/`;
    const read = files
      .filter((file) => file.path.startsWith(prefix))
      .map((file) => ({ rel: file.path.slice(prefix.length), text: file.raw }));
    if (read.length === 0) throw new Error("no content files");
    const rels = new Set(read.map((file) => file.rel));
    // A collection the backend could not read is known as last built.
    stored = unread.length ? [...read, ...storedFromBuilt().filter((file) => !rels.has(file.rel))] : read;
    const time = new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    showBasis(
      unread.length
        ? `Checks before saving: against the content as it is now, read at ${time} (except ${unread.join(", ")}: as last published).`
        : `Checks before saving: against the content as it is now, read at ${time}.`,
    );
  } catch {
    showBasis(
      "Checks before saving: against the site as last published (the current content could not be read; the site's own check runs again before publishing).",
    );
  }
}
/** Reads the content files again (one reading at a time; a call during one waits for it). */
function refreshStored(): Promise<void> {
  reading ??= readStored().finally(() => (reading = undefined));
  return reading;
}
// Once Decap has its configuration and someone is logged in, the content is read.
const waitForLogin = window.setInterval(() => {
  if (!backendReady()) return;
  window.clearInterval(waitForLogin);
  void refreshStored();
}, 500);

/** What the file of an entry is called (a new one: a stand-in name) and its kind's schema (its shape and defaults only), from the table of kinds. */
function fileOf(entry: any): { rel: string; schema: z.ZodType } | undefined {
  const collection = String(entry.get("collection"));
  const slug = String(entry.get("slug") || "new-entry");
  for (const kind of contentKinds) {
    if (kind.role === "settings") {
      if (collection === "settings" && slug === kind.name)
        return { rel: kind.file, schema: kind.schema(withoutContext) };
    } else if (collection === kind.name) {
      return { rel: `${kind.folder}/${slug}.yaml`, schema: kind.schema(withoutContext) };
    } else if (kind.markdown && collection === kind.markdown.collection) {
      return { rel: `${kind.folder}/${slug}.md`, schema: kind.markdown.schema(withoutContext) };
    }
  }
  return undefined;
}

/** The text Decap will write for the entry: its file edited in place (YAML), or front matter and text. */
function textOf(entry: any, rel: string, schema: z.ZodType): string {
  const all = (entry.get("data")?.toJS?.() ?? {}) as Record<string, unknown>;
  const data = withoutHidden(all);
  if (rel.endsWith(".md")) {
    const { body, ...front } = data;
    return `---\n${stringify(front)}---\n${typeof body === "string" ? body : ""}`;
  }
  return editInPlace(
    typeof all[SOURCE] === "string" ? (all[SOURCE] as string) : undefined,
    data,
    schemaDefaults(schema, data),
  );
}

function checkOf(entry: any): Found[] {
  const file = fileOf(entry);
  if (!file) return [];
  return checkEntry({ rel: file.rel, text: textOf(entry, file.rel, file.schema) }, stored);
}
setChecker(checkOf);
// Pictures by their whole path, from the backend: any folder of the media folder, in production too.
const mediaFolder = String(config.media_folder);
const publicFolder = String(config.public_folder);
setPictureUrl((src) => {
  const prefix = `${publicFolder}/`;
  if (!src.startsWith(prefix) || !backendReady()) return undefined;
  const path = `${mediaFolder}/${src.slice(prefix.length)}`;
  if (pictureMissing(path)) return undefined;
  return pictureFromBackend(path) ?? LOADING_PICTURE;
});
// The entries a page's list can name, by their titles, as the backend has them now.
setEntries(async (collection, display) =>
  (await filesOf(collection)).map((file) => ({ id: file.slug, title: String(file.data[display] ?? "") || file.slug })),
);
setTitles(titleOf);
/** An entry's title as the content last read has it (its identifier field). */
function titleOf(collection: string, id: string): string | undefined {
  const row = kindNamed(collection);
  const file = row && row.role !== "settings" ? stored.find((f) => f.rel === `${row.folder}/${id}.yaml`) : undefined;
  const identifier = (config.collections as { name: string; identifier_field?: string }[]).find(
    (c) => c.name === collection,
  )?.identifier_field;
  if (!file || !identifier) return undefined;
  return new RegExp(`^${identifier}:[ \\t]*["']?(.+?)["']?[ \\t]*$`, "m").exec(file.text)?.[1];
}

cms.registerCustomFormat("yaml", "yaml", { fromFile, toFile });
cms.registerEventListener({
  name: "preSave",
  handler: async ({ entry }: { entry: any }) => {
    await refreshStored();
    const file = fileOf(entry);
    if (!file) return undefined;
    const found = checkOf(entry);
    if (found.length) {
      // Found only now (the content changed since the form was checked): said with the fields' labels.
      const collection = String(entry.get("collection"));
      const slug = String(entry.get("slug") ?? "");
      const message = found.map((p) => `${labelled(config, collection, slug, p.field)}${p.message}`).join("; ");
      notice(`Not saved: ${message}`);
      refusing();
      throw Object.assign(new Error(message), { name: "" });
    }
    if (file.rel.endsWith(".md")) return undefined;
    return entry.get("data").set(TEXT, textOf(entry, file.rel, file.schema));
  },
});
// A new entry of a kind the pages list (a FAQ entry, a service, …) that no page shows yet: say so, and offer the sections.
const pagesCollection = contentKinds.find((k) => k.role === "page")?.name ?? "pages";
/** The id Decap gave a new entry: it opens the entry at its address once saved ("#/collections/faq/entries/<id>"). */
async function savedId(kind: string): Promise<string | undefined> {
  for (let tries = 0; tries < 40; tries++) {
    const match = new RegExp(`^#/collections/${kind}/entries/([^/?]+)`).exec(window.location.hash);
    if (match) return decodeURIComponent(match[1]!);
    await new Promise((resolve) => window.setTimeout(resolve, 250));
  }
  return undefined;
}
async function offerAPlace(entry: any) {
  const kind = String(entry.get("collection"));
  const own = (config.collections as { name: string; label_singular?: string }[]).find((c) => c.name === kind);
  if (kind === pagesCollection || !own) return;
  const id = String(entry.get("slug") || "") || (await savedId(kind));
  if (!id) return;
  const { shown, listable, places } = placesFor(config.collections as never, pagesCollection, kind, id, stored);
  if (shown || !listable) return;
  offerPlaces((own.label_singular ?? "entry").toLowerCase(), places, async (place) => {
    await refreshStored();
    await addTo(pagesCollection, place, id);
  });
}
cms.registerEventListener({
  name: "postSave",
  handler: ({ entry }: { entry: any }) => {
    forgetMissing();
    const created = entry?.get?.("newRecord") === true;
    void refreshStored().then(() => (created ? offerAPlace(entry) : undefined));
  },
});

showDefaultWhenMissing("boolean");
showDefaultWhenMissing("select");
for (const [name, kind] of [
  ["string", "leaf"],
  ["text", "leaf"],
  ["number", "leaf"],
  ["boolean", "leaf"],
  ["select", "leaf"],
  ["relation", "leaf"],
  ["datetime", "leaf"],
  ["markdown", "leaf"],
  ["image", "leaf"],
  ["object", "object"],
  ["list", "list"],
] as const) {
  const registered = cms.getWidget(name) as unknown as {
    control: ComponentType<any>;
    preview?: ComponentType<any>;
    schema?: object;
  };
  if (!registered) continue;
  const control =
    name === "image"
      ? withPictures(registered.control)
      : name === "list"
        ? withReferences(registered.control)
        : registered.control;
  const extra = name === "list" ? (props: any) => <ListOrder {...props} /> : undefined;
  // The object form keeps what Decap knows of the widget besides its parts (e.g. allowMapValue).
  const rest: Record<string, unknown> = { ...registered };
  delete rest.control;
  delete rest.preview;
  cms.registerWidget({
    ...rest,
    name,
    controlComponent: withChecks(control, kind, extra),
    previewComponent: registered.preview,
  } as never);
}
cms.registerWidget("focus", withChecks(FocusControl, "leaf") as never);
cms.registerWidget("icon", withChecks(IconControl, "leaf") as never);
cms.registerPreviewStyle(tokensCss);
cms.registerPreviewStyle(siteCss);
for (const css of Object.values(sectionCss)) cms.registerPreviewStyle(css);
// A preview for every kind of entry in the table of kinds, and for the settings the site shows.
const previewed = contentKinds.flatMap((kind) =>
  kind.role === "settings"
    ? kind.app
      ? [kind.name]
      : []
    : [kind.name, ...(kind.markdown ? [kind.markdown.collection] : [])],
);
for (const kind of previewed) cms.registerPreviewTemplate(kind, previewOf(kind));
cms.init({
  // Generated, so typed as the JSON it is rather than Decap's own types.
  config: {
    ...config,
    // The pickers of Show from / Show until say the site's time zone (site.yaml, as built).
    collections: withZoneHints(config.collections, generated.site.timeZone),
    // A login route without a server address is the site's own server (scripts/cms/repository.ts):
    // Decap takes the token only from a window of exactly `base_url`'s origin, this one.
    backend:
      config.backend.auth_endpoint && !config.backend.base_url
        ? { ...config.backend, base_url: window.location.origin }
        : config.backend,
    // The site's address, from its content as built (the configuration itself depends on the schemas only):
    // Decap's links to the site, which is at another address when /admin/ has its own (ADMIN_ORIGIN).
    ...(generated.site.seo.siteUrl
      ? { site_url: generated.site.seo.siteUrl, display_url: generated.site.seo.siteUrl }
      : {}),
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
