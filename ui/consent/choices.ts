/**
 * The choices dialog and the opt-in banner at work (src/layout/PrivacyChoices.tsx renders both, in
 * every page, closed and hidden). Loaded only when a visitor asks for them (ui/page-behaviours.ts:
 * a click on "Your Privacy Choices", on the banner's buttons), so a page left idle runs none of it.
 * - `openChoices`: the dialog opens modal (the page behind inert, Tab kept inside, Escape closes it)
 *   with the choice in force checked; under Global Privacy Control the opt-out is checked, allowing
 *   is not offered, and "Opt-out preference signal honored" shows. Saved, the choice is kept and
 *   applied at once (a Consent Mode update) and the banner goes; closed either way, the focus goes
 *   back to what opened it.
 * - `choose`: the banner's "Accept all" / "Reject all", kept and applied at once.
 */
import { applyChoice, currentState, gpc, type Choice } from "./state";

function hideBanner(doc: Document) {
  doc.querySelector<HTMLElement>("[data-consent-banner]")?.setAttribute("hidden", "");
}

/** The banner's answer: kept, applied, and the banner gone; the focus goes to the page's main content. */
export function choose(choice: Choice, doc: Document = document): void {
  applyChoice(choice, doc);
  hideBanner(doc);
  doc.getElementById("main")?.focus({ preventScroll: true });
}

/** Opens the choices dialog; `opener` gets the focus back when it closes. */
export function openChoices(opener: HTMLElement | null, doc: Document = document): void {
  const dialog = doc.getElementById("privacy-choices") as HTMLDialogElement | null;
  if (!dialog || dialog.open) return;
  const signal = gpc();
  const inForce = currentState(doc).ad_user_data;
  const options = [...dialog.querySelectorAll<HTMLInputElement>("input[name=privacy-choice]")];
  for (const option of options) {
    option.checked = option.value === (signal ? "denied" : inForce);
    option.disabled = signal && option.value === "granted";
  }
  dialog.querySelector<HTMLElement>("[data-signal]")!.hidden = !signal;
  dialog.returnValue = "";
  dialog.addEventListener(
    "close",
    () => {
      const picked = options.find((option) => option.checked)?.value as Choice | undefined;
      if (dialog.returnValue === "save" && picked) {
        applyChoice(picked, doc);
        hideBanner(doc);
      }
      // The banner's "Choose" is hidden by now: the page's main content takes the focus instead.
      (opener?.checkVisibility() ? opener : doc.getElementById("main"))?.focus({ preventScroll: true });
    },
    { once: true },
  );
  dialog.showModal();
  options.find((option) => option.checked)?.focus();
}
