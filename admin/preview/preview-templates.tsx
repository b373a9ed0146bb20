/**
 * The preview pane: for every kind of entry in the table of kinds (and the settings the site shows),
 * the page as the site would show it, rendered by the site's own App, renderers and CSS, each value
 * marked to its field so that it is edited on the page (admin/inspect/); or, while the site would not
 * accept the entry yet, what is missing, in the content check's words.
 */
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { App } from "../../src/App.tsx";
import { pageWindowsOf, type CollectionName, type PageData } from "../../schemas/index.ts";
import { createPageStore } from "../../ui/content/pages.ts";
import { PreviewTime, type PreviewClock } from "../../ui/components/Scheduled.tsx";
import tokensCss from "../../src/styles/tokens.css?url";
import siteCss from "../../src/styles/site.css?url";
import { usePictures } from "../decap/backend.ts";
import { config } from "../config.ts";
import { storedTitle } from "../editor/content-cache.ts";
import { entryOf, registerPreview, registerPreviewStyle, type Entry, type PreviewProps } from "../decap/decap.ts";
import { problemsOf } from "../editor/entry-check.ts";
import { showVersion, useShownVersion, type ShownVersion } from "../history/panel/version-preview.ts";
import { withoutHidden } from "../editor/in-place.ts";
import { Inspect } from "../inspect/Inspect.tsx";
import { arrived, followTheCursor, surroundings } from "../inspect/around.ts";
import { markContent, type Content, type EntryName } from "../inspect/sources.ts";
import { contentKinds } from "../editor/kinds.ts";
import { labelled } from "../editor/labels.ts";
import { preview, type Edited, type Preview } from "./preview.ts";
import { ChosenTime, usePreviewClock } from "./preview-time.tsx";
import { pagesKindOf, withEntryPagesRemade } from "./entry-page.ts";
import { built } from "../editor/site-as-built.ts";
import { urlOfPicture } from "../widgets/pictures.tsx";

// Each section's own styles (and the shared cards'), which its renderer imports: the preview pane is a
// frame of its own, so it is given them as it is given site.css.
const sectionCss = import.meta.glob<string>(["../ui/sections/*.css", "../sections/*/*.css"], {
  query: "?url",
  import: "default",
  eager: true,
});

/** The entry as the preview takes it: what kind of content it is, and its data. */
function edited(entry: Entry, kind: string): Edited {
  const data = withoutHidden(entry.data ?? {});
  const id = entry.slug;
  // The CMS collection's row in the table of kinds (its own, or the one whose Markdown entries it holds).
  const row = contentKinds.find((k) => k.name === kind || (k.role !== "settings" && k.markdown?.collection === kind));
  if (row?.role === "page") return { kind: kind === row.name ? "page" : "legal", data };
  if (row?.role === "settings") return { kind: "site", data };
  if (row?.role === "form") return { kind: "form", id, data };
  return { kind: "entry", collection: kind as CollectionName, id, data };
}

/** The entry being previewed as /admin/ names it (a settings file: in the settings collection, by its name). */
function entryName(entry: Entry, kind: string): EntryName {
  const row = contentKinds.find((k) => k.name === kind);
  if (row?.role === "settings") return { collection: "settings", slug: kind };
  return { collection: kind, slug: entry.slug };
}

/** The preview's link to the form, the labels and the other entries (admin/inspect/around.ts). */
const around = surroundings(config, storedTitle);

/** What the content check says, in its words, at the field's label (else the preview's own problems). */
function NotReady({ entry, kind, problems }: { entry: Entry; kind: string; problems: string[] }) {
  const found = problemsOf(entry);
  const lines = found.length
    ? found.map((p) => `${labelled(config, kind, entry.slug, p.field)}${p.message}`)
    : problems;
  return (
    <div className="container" style={{ padding: "2rem 1rem" }}>
      <h1>Not ready to show yet</h1>
      <p>Fill in the fields on the left; the page shows here as soon as the site would accept it.</p>
      <ul>
        {lines.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** The site's App showing `content` at `route`, at the preview's time. */
function Site({ content, route, clock }: { content: Content; route: string; clock: PreviewClock }) {
  const pages = createPageStore(
    [...new Set([...content.pages.map((p) => p.route)])],
    (at) => Promise.resolve(content.pages.find((p: PageData) => p.route === at)!),
    content.pages,
  );
  return (
    <PreviewTime clock={clock}>
      <MemoryRouter key={route} initialEntries={[route]}>
        <App
          content={{
            site: content.site,
            pages,
            pageWindows: pageWindowsOf(content.pages),
            collections: content.collections,
            forms: content.forms,
            ...(content.entries ? { entries: content.entries } : {}),
          }}
        />
      </MemoryRouter>
    </PreviewTime>
  );
}

/** The bar above an entry with a page of its own: its page, or its card on the listings. */
function PageOrCard({ card, onChange }: { card: boolean; onChange: (card: boolean) => void }) {
  return (
    <div
      role="group"
      aria-label="Show"
      className="container"
      style={{ display: "flex", gap: "0.5rem", padding: "0.5rem 1rem" }}
    >
      <button type="button" aria-pressed={!card} onClick={() => onChange(false)}>
        Its page
      </button>
      <button type="button" aria-pressed={card} onClick={() => onChange(true)}>
        Its card on the listings
      </button>
    </div>
  );
}

/** The site as it shows the entry, each value that shows carrying a mark to its field (admin/inspect/): edit on the page. */
function Marked({ shown, editing, legal, clock }: MarkedProps) {
  const [showCard, setShowCard] = useState(false);
  const card = showCard ? shown.card : undefined;
  const at = card ? { ...shown, entries: card.entries, pages: [card.page, ...shown.pages], route: card.route } : shown;
  const marked = markContent(at, at.route, editing, contentKinds, legal);
  const { sources } = marked;
  const content = pagesKindOf(editing.collection) && !card ? withEntryPagesRemade(marked.content) : marked.content;
  arrived(editing);
  return (
    <Inspect sources={sources} around={around}>
      {shown.card ? <PageOrCard card={card !== undefined} onChange={setShowCard} /> : null}
      <Site content={content} route={at.route} clock={clock} />
      <ChosenTime zone={shown.site.timeZone} />
    </Inspect>
  );
}

/** A version from the entry's History (issue 46): the site showing it, unmarked (nothing to edit on it), under its date and author. */
function Version({ version, shown, clock }: { version: ShownVersion; shown: Preview; clock: PreviewClock }) {
  return (
    <>
      <div
        role="region"
        aria-label="Version shown"
        style={{
          position: "sticky",
          top: 0,
          zIndex: 2147483647,
          display: "flex",
          flexWrap: "wrap",
          gap: "0.5rem 1rem",
          alignItems: "center",
          padding: "0.5rem 1rem",
          background: "#1e2532",
          color: "#ffffff",
          font: "1rem/1.5 system-ui, sans-serif",
        }}
      >
        <strong>{version.label}</strong>
        <button type="button" onClick={() => showVersion(undefined)}>
          Back to the current draft
        </button>
      </div>
      {shown.ok ? (
        <Site content={shown} route={shown.route} clock={clock} />
      ) : (
        <div className="container" style={{ padding: "2rem 1rem" }}>
          <p>The site cannot show this version today:</p>
          <ul>
            {shown.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
interface MarkedProps {
  shown: Extract<Preview, { ok: true }>;
  editing: EntryName;
  /** A Markdown page: the field its heading comes from. */
  legal: "heading" | "title" | undefined;
  clock: PreviewClock;
}

/** The preview of one kind of entry: the page as the site would show it, or what is missing. */
function previewOf(kind: string) {
  return function Preview(props: PreviewProps) {
    // Drawn again as each picture arrives from the backend.
    usePictures();
    const entry = entryOf(props.entry);
    // A version chosen in the entry's History, else the draft.
    const version = useShownVersion(entry.collection, entry.slug);
    const taken = edited(version ? { ...entry, data: version.data } : entry, kind);
    const shown = preview(taken, built, (src) => urlOfPicture(src) ?? props.getAsset(src).toString());
    // The preview's time (what is scheduled is marked at it): chosen at the foot of the preview, else now.
    const clock = usePreviewClock(shown.ok ? shown.site.timeZone : undefined);
    if (version) return <Version version={version} shown={shown} clock={clock} />;
    if (!shown.ok) return <NotReady entry={entry} kind={kind} problems={shown.problems} />;
    const legal = taken.kind === "legal" ? (taken.data.heading ? "heading" : "title") : undefined;
    return <Marked shown={shown} editing={entryName(entry, kind)} legal={legal} clock={clock} />;
  };
}

/** The site's styles in the preview's frame, and a preview for every kind of entry in the table of kinds and for the settings the site shows. */
export function registerPreviews() {
  followTheCursor();
  registerPreviewStyle(tokensCss);
  registerPreviewStyle(siteCss);
  for (const css of Object.values(sectionCss)) registerPreviewStyle(css);
  const previewed = contentKinds.flatMap((kind) =>
    kind.role === "settings"
      ? kind.app
        ? [kind.name]
        : []
      : [kind.name, ...(kind.markdown ? [kind.markdown.collection] : [])],
  );
  for (const kind of previewed) registerPreview(kind, previewOf(kind));
}
