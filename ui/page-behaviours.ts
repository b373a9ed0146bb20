/**
 * What the pages do in the browser apart from the islands, as listeners on the document (delegated),
 * in plain DOM code: the live site's loader installs them before any framework loads, and the app's
 * layout (`npm run dev`, /admin/'s preview, component tests) installs the same ones in its document.
 * - `data-track="<event>"` on a link or button: a click pushes `{ event }` to the dataLayer (the
 *   call button's `callLogoClick`).
 * - Every `tel:` link, wherever it is (the call button, the header, the footer, the contact details,
 *   a link in any section's text): a click pushes `click_to_call` with where it was before the dialer
 *   opens. With a container loading, the dialer opens once its tags fired, at most Tag Manager's
 *   `eventTimeout` later (`trackBeforeLeaving`), well within the click's user activation.
 * - "Your Privacy Choices" (`data-privacy-choices`) and the opt-in banner's buttons
 *   (`data-consent-choice`): the choices' code (ui/consent/choices.ts) is loaded then, not before.
 * - Popups (`<dialog>` opened by a `command="show-modal"` button): the browser opens and closes them
 *   itself where it knows invoker commands; where it does not, a click on such a button does it. Once
 *   open, the first box takes the focus (unless the visitor is already typing in one); a click on the
 *   backdrop closes it where `closedby="any"` is unknown; closed, the focus goes back to the button.
 * - `<details name>`: an exclusive accordion, also in browsers without the `name` grouping.
 */
import { track, trackBeforeLeaving, type AnalyticsEvent } from "./analytics";

/** Where a phone link is: the nearest mark (the header, the footer, the call button, main) and the section it is in. */
function callPlace(link: Element): AnalyticsEvent {
  const section = link.closest("section[id]")?.id;
  return {
    event: "click_to_call",
    call_location: link.closest<HTMLElement>("[data-call-location]")?.dataset.callLocation ?? "page",
    ...(section ? { call_section: section } : {}),
  };
}

/** A plain left click, which the page may handle itself (not a new tab, a download, or one already handled). */
const plainClick = (event: MouseEvent) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Whether this browser opens and closes dialogs from buttons itself (invoker commands, `commandfor`). */
const invokerCommands = (doc: Document) =>
  "commandForElement" in (doc.defaultView ?? window).HTMLButtonElement.prototype;

const firstBox = "input:not([type=hidden]):not([tabindex='-1'])";

/** The element an event reached, of a tag; by name, so a preview frame's elements (another realm) count too. */
function elementOf(target: EventTarget | null): Element | null {
  return target && "closest" in target ? (target as Element) : null;
}
const isDialog = (element: Element | null): element is HTMLDialogElement => element?.localName === "dialog";

const installed = new WeakSet<Document>();

/** Installs the listeners on a document, once however often it is called; returns what removes them. */
export function installPageBehaviours(doc: Document = document): () => void {
  if (installed.has(doc)) return () => {};
  installed.add(doc);
  const openers = new WeakMap<HTMLDialogElement, HTMLElement>();
  const onClick = (event: MouseEvent) => {
    const target = elementOf(event.target);
    if (!target) return;
    const tracked = target.closest<HTMLElement>("[data-track]");
    if (tracked) track({ event: tracked.dataset.track } as AnalyticsEvent);
    const call = target.closest<HTMLAnchorElement>("a[href^='tel:']");
    if (call && plainClick(event)) {
      event.preventDefault();
      const view = doc.defaultView ?? window;
      trackBeforeLeaving(callPlace(call), () => view.location.assign(call.href));
    }
    const choices = target.closest<HTMLElement>("[data-privacy-choices], [data-consent-choice]");
    if (choices && plainClick(event)) {
      event.preventDefault();
      import("./consent/choices").then(
        ({ choose, openChoices }) => {
          const choice = choices.dataset.consentChoice;
          if (choice === "granted" || choice === "denied") choose(choice, doc);
          else openChoices(choices, doc);
        },
        // Not loaded (offline, a new deploy): a link goes where it leads, to the page about the choices.
        () => {
          if (choices.localName === "a")
            (doc.defaultView ?? window).location.assign((choices as HTMLAnchorElement).href);
        },
      );
    }
    // A click on the backdrop is a click on the dialog element itself, outside its panel.
    if (isDialog(target) && target.open) target.close();
    const invoker = target.closest<HTMLButtonElement>("button[commandfor]");
    const dialog = invoker && doc.getElementById(invoker.getAttribute("commandfor")!);
    if (!invoker || !isDialog(dialog)) return;
    if (invoker.getAttribute("command") === "show-modal") openers.set(dialog, invoker);
    if (invokerCommands(doc)) return;
    if (invoker.getAttribute("command") === "show-modal" && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>(firstBox)?.focus();
    }
    if (invoker.getAttribute("command") === "close") dialog.close();
  };
  // toggle and close do not bubble: listened for while they go down (capture).
  const onToggle = (event: Event) => {
    const target = elementOf(event.target);
    if (isDialog(target) && (event as ToggleEvent).newState === "open") {
      // The toggle event comes a moment after the dialog opens: a visitor (or a password manager)
      // already typing in one of its boxes keeps the focus there.
      if (!target.querySelector("input:focus, textarea:focus, select:focus"))
        target.querySelector<HTMLInputElement>(firstBox)?.focus();
    }
    const group = target?.localName === "details" && (target as HTMLDetailsElement).open && target.getAttribute("name");
    if (group) {
      for (const other of doc.querySelectorAll<HTMLDetailsElement>("details[name]")) {
        if (other !== target && other.getAttribute("name") === group && other.open) other.open = false;
      }
    }
  };
  const onClose = (event: Event) => {
    const dialog = elementOf(event.target);
    if (!isDialog(dialog)) return;
    const active = doc.activeElement;
    if (!dialog.contains(active) && active !== doc.body) return;
    openers.get(dialog)?.focus();
  };
  doc.addEventListener("click", onClick);
  doc.addEventListener("toggle", onToggle, true);
  doc.addEventListener("close", onClose, true);
  return () => {
    installed.delete(doc);
    doc.removeEventListener("click", onClick);
    doc.removeEventListener("toggle", onToggle, true);
    doc.removeEventListener("close", onClose, true);
  };
}
