/**
 * A new entry gets a place: after a FAQ entry, a service, a plan, a team member or a testimonial is
 * saved that no page shows, /admin/ says so and offers the sections that list that kind of entry
 * ("Show it in: About Us (/about) – Frequently asked questions"). One click adds it at the end of that
 * section's list and saves the page, through Decap's own backend (its check before saving runs on the
 * page as on any save), so the entry is on the site. The content check's own warning ("not shown on
 * any page") says the same in the terminal.
 */
import { config } from "../config.ts";
import { refreshStored, storedFiles } from "./content-cache.ts";
import { putInCorner } from "../screens/corner.ts";
import { addToList, type Entry } from "../decap/decap.ts";
import { domButton } from "../screens/dom-button.ts";
import { floatingRegion } from "../screens/floating-region.ts";
import { contentKinds } from "./kinds.ts";
import { placesFor, type Place } from "./places.ts";
import { entryIn } from "../decap/routes.ts";

const pagesCollection = contentKinds.find((k) => k.role === "page")?.name ?? "pages";

/** After a new entry is saved: when it is of a kind the pages list (a FAQ entry, a service, …) and no page shows it, says so and offers the sections. */
export async function offerAPlace(entry: Entry) {
  const kind = entry.collection;
  const own = config.collections.find((c) => c.name === kind);
  if (kind === pagesCollection || !own) return;
  const id = entry.slug || (await savedId(kind));
  if (!id) return;
  const { shown, listable, places } = placesFor(config.collections, pagesCollection, kind, id, storedFiles());
  if (shown || !listable) return;
  offerPlaces((own.label_singular ?? "entry").toLowerCase(), places, async (place) => {
    await refreshStored();
    await addToList(pagesCollection, place.page, ["sections", place.section, place.field], id);
  });
}

/** The id Decap gave a new entry: it opens the entry at its address once saved ("#/collections/faq/entries/<id>"). */
async function savedId(kind: string): Promise<string | undefined> {
  for (let tries = 0; tries < 40; tries++) {
    const saved = entryIn(window.location.hash);
    if (saved?.collection === kind) return saved.slug;
    await new Promise((resolve) => window.setTimeout(resolve, 250));
  }
  return undefined;
}

/** Says that the entry is on no page yet, with a button for each section that could show it. */
function offerPlaces(noun: string, places: readonly Place[], add: (place: Place) => Promise<void>): void {
  document.getElementById("cms-place")?.remove();
  const region = floatingRegion("section", "cms-place", "status", {
    maxWidth: "32rem",
    border: "2px solid #1e2532",
    background: "#fffbe6",
    color: "#1e2532",
    display: "grid",
    gap: "0.5rem",
  });
  region.setAttribute("aria-label", "Where the new entry shows");
  const words = document.createElement("p");
  words.style.margin = "0";
  words.textContent = places.length
    ? `This ${noun} is not shown on any page yet. Show it in:`
    : `This ${noun} is not shown on any page yet, and no page has a section that lists one: add such a section to a page first.`;
  region.append(words);
  for (const place of places) {
    const button = domButton(place.label, "choice");
    button.addEventListener("click", () => {
      region.querySelectorAll("button").forEach((b) => (b.disabled = true));
      words.textContent = `Adding it to ${place.label}…`;
      add(place).then(
        () => {
          words.textContent = `Added: it shows in ${place.label}.`;
          region.querySelectorAll("button").forEach((b) => b.remove());
          window.setTimeout(() => region.remove(), 12_000);
        },
        (error: unknown) => {
          words.textContent = `Not added (${error instanceof Error ? error.message : "the page could not be saved"}): open the page and add it to the section's list.`;
        },
      );
    });
    region.append(button);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Not now";
  Object.assign(close.style, {
    font: "inherit",
    justifySelf: "start",
    padding: "0.2rem 0.6rem",
    border: "1px solid #5f6470",
    borderRadius: "4px",
    background: "transparent",
    color: "#1e2532",
    cursor: "pointer",
  });
  close.addEventListener("click", () => region.remove());
  region.append(close);
  putInCorner("place", region);
}
