/**
 * The only script the live site's pages load by themselves (scripts/prerender puts it in place of the
 * app's entry): no framework, a few KB. It
 * - pushes Consent Mode's defaults first of all (ui/consent/state.ts: the visitor's stored choice, else
 *   the site's regime; Global Privacy Control denies the ad_* purposes), shows the opt-in banner to
 *   a visitor who has not chosen yet, then notes where the visit came from (ui/visit.ts), pushes the
 *   load's one page view and loads the Tag Manager container (its id on this script's `data-gtm`);
 *   in a page prerendered by Speculation Rules, only once the visitor is shown it;
 * - installs the pages' plain behaviours (ui/page-behaviours.ts: tracked clicks, popups, the FAQ);
 * - hydrates an island (`<site-island>`, ui/islands/) when the visitor reaches for it: focus or
 *   pointer down inside it, or the popup it is in opening. React and the island's component are
 *   imported then, each once for the page. A form sent before its island is hydrated waits for it
 *   and is sent again by the island (so the scripted post, its checks and `generate_lead` apply), or
 *   by the browser as without scripts if React cannot be loaded; what was typed meanwhile stays in
 *   the boxes, which hydration keeps.
 */
import { loadTagManager, trackPageview } from "../../ui/analytics";
import { withoutBase } from "../../ui/base";
import { pushConsentDefault, showBannerUnlessChosen } from "../../ui/consent/state";
import { parseProps } from "../../ui/islands/props";
import { islands, type IslandName } from "../../ui/islands/registry";
import { installPageBehaviours } from "../../ui/page-behaviours";
import { recordVisit } from "../../ui/visit";

function start() {
  pushConsentDefault();
  showBannerUnlessChosen();
  recordVisit();
  trackPageview(withoutBase(location.pathname), location.search);
  loadTagManager(document.querySelector<HTMLElement>("script[data-gtm]")?.dataset.gtm);
}
if ((document as Document & { prerendering?: boolean }).prerendering)
  document.addEventListener("prerenderingchange", start, { once: true });
else start();

installPageBehaviours();

const woken = new WeakMap<HTMLElement, Promise<void>>();

/** True when a box of the island already holds what the visitor typed or autofill put there. */
const filledIn = (island: HTMLElement) =>
  [...island.querySelectorAll<HTMLInputElement>("input:not([type=hidden]), textarea, select")].some((box) =>
    box.type === "checkbox" || box.type === "radio" ? box.checked : box.value !== "",
  );

/** Hydrates an island, once; resolves when its handlers are live. */
function wake(island: HTMLElement): Promise<void> {
  let done = woken.get(island);
  if (!done) {
    const load = islands[island.dataset.island as IslandName];
    // Filled in before this script could see it (it came late): when the visitor began is unknown.
    const reachedAt = filledIn(island) ? undefined : performance.now();
    done = Promise.all([import("./hydrate"), load()]).then(([{ hydrate }, Component]) =>
      hydrate(island, Component as never, parseProps(island.dataset.props!), island.dataset.prefix!, reachedAt),
    );
    woken.set(island, done);
    // Not loaded (offline, or a new deploy replaced the files): the next reach tries again.
    done.catch(() => woken.delete(island));
  }
  return done;
}

const islandOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>("site-island:not([data-hydrated])") : null;

const reach = (event: Event) => {
  const island = islandOf(event.target);
  if (island) void wake(island);
};
document.addEventListener("focusin", reach, true);
document.addEventListener("pointerdown", reach, true);
// toggle does not bubble: listened for while it goes down.
document.addEventListener(
  "toggle",
  (event) => {
    const target = event.target;
    if (!(target instanceof HTMLDialogElement) || (event as ToggleEvent).newState !== "open") return;
    for (const island of target.querySelectorAll<HTMLElement>("site-island:not([data-hydrated])")) void wake(island);
  },
  true,
);
document.addEventListener(
  "submit",
  (event) => {
    const island = islandOf(event.target);
    if (!island) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const form = event.target as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter;
    void wake(island).then(
      () => form.requestSubmit(submitter),
      // React could not be loaded: the browser sends the form as it does without scripts.
      () => HTMLFormElement.prototype.submit.call(form),
    );
  },
  true,
);
