import { Markdown } from "../../ui/components/Markdown";
import { withBase } from "../../ui/base";
import { useSite } from "../../ui/content/ContentProvider";

/**
 * The California Privacy Protection Agency's opt-out icon, drawn beside "Your Privacy Choices"
 * (11 CCR §7015(b)): a blue pill, its left part white with a tick, its right part blue with a cross.
 */
export function PrivacyChoicesIcon() {
  return (
    <svg className="privacy-icon" width="30" height="14" viewBox="0 0 30 14" aria-hidden="true" focusable="false">
      <path d="M7.4 12.8h9.3l3.6-11.6H7.4a5.8 5.8 0 0 0 0 11.6z" fill="#fff" />
      <path
        d="M22.6 0H7.4a7 7 0 0 0 0 14h15.2a7 7 0 0 0 0-14zM1.2 7a6.2 6.2 0 0 1 6.2-6.2h12.1L16.1 13.2H7.4A6.2 6.2 0 0 1 1.2 7z"
        fill="#06f"
      />
      <path d="M24.4 4l.7.7L23.4 7l2.2 2.3-.7.7-2.2-2.3-2.3 2.3-.7-.7L22 7l-2.3-2.3.7-.7 2.3 2.3z" fill="#fff" />
      <path d="M12.7 4.1l.8.6L9.7 9.6 6.9 7.4l.6-.8 2 1.5z" fill="#06f" />
    </svg>
  );
}

/**
 * "Your Privacy Choices" (site.yaml's `privacy.choices.link`): a link to the page that says what the
 * choices do, which the page behaviours (ui/page-behaviours.ts) turn into the opening of the
 * choices dialog once scripts run.
 */
export function PrivacyChoicesLink() {
  const { privacy } = useSite();
  return (
    <a
      className="privacy-choices-link"
      href={privacy.choices.page ? withBase(privacy.choices.page) : "#privacy-choices"}
      data-privacy-choices=""
    >
      <PrivacyChoicesIcon />
      {privacy.choices.link}
    </a>
  );
}

/**
 * The choices dialog, in every page, closed (so it takes no room: no layout shift when it opens).
 * Its behaviour (the stored choice shown, the choice saved and applied, the focus given back) loads
 * when the visitor asks for it: ui/consent/choices.ts. The site's regime is on it (`data-regime`),
 * where the live site's loader and the choices read it (ui/consent/state.ts).
 */
export function PrivacyChoicesDialog() {
  const { privacy } = useSite();
  const words = privacy.choices;
  return (
    <dialog
      id="privacy-choices"
      className="dialog privacy-choices"
      aria-labelledby="privacy-choices-heading"
      data-regime={privacy.regime}
      {...{ closedby: "any" }}
    >
      <form method="dialog" className="dialog__panel">
        <h2 id="privacy-choices-heading" className="privacy-choices__heading">
          <PrivacyChoicesIcon />
          {words.heading}
        </h2>
        {words.intro && <Markdown html={words.intro} className="privacy-choices__intro" />}
        <p className="privacy-choices__signal" data-signal="" hidden>
          {words.signalHonored}
        </p>
        <fieldset className="privacy-choices__options" aria-labelledby="privacy-choices-heading">
          <label>
            <input type="radio" name="privacy-choice" value="granted" />
            <span>{words.allow}</span>
          </label>
          <label>
            <input type="radio" name="privacy-choice" value="denied" />
            <span>{words.optOut}</span>
          </label>
        </fieldset>
        <div className="privacy-choices__actions">
          <button type="submit" className="button" value="save">
            {words.save}
          </button>
          <button type="submit" className="button button--ghost" value="close">
            {words.close}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * The opt-in regime's banner, in every page, hidden: the loader shows it to a visitor who has not
 * chosen yet under "opt-in" (fixed at the bottom, over the page: nothing moves). "Accept all" and
 * "Reject all" are the same kind of button, side by side (11 CCR §7004: symmetry in choice).
 */
export function ConsentBanner() {
  const { privacy } = useSite();
  const words = privacy.banner;
  return (
    <section className="consent-banner" aria-label={words.label} data-consent-banner="" hidden>
      <div className="container consent-banner__inner">
        {words.text && <Markdown html={words.text} className="consent-banner__text" />}
        <div className="consent-banner__actions">
          <button type="button" className="button" data-consent-choice="granted">
            {words.acceptAll}
          </button>
          <button type="button" className="button" data-consent-choice="denied">
            {words.rejectAll}
          </button>
          <button type="button" className="button button--ghost" data-privacy-choices="">
            {words.more}
          </button>
        </div>
      </div>
    </section>
  );
}
