/**
 * Google's Consent Mode v2 from the visitor's choice, their browser's opt-out signal and the site's
 * regime (decision 0044). Plain functions, no React, small: the live site's loader calls
 * `pushConsentDefault` first of all, before the page view and the container; the choices dialog and
 * the banner (./choices.ts, loaded when asked for) call `applyChoice`.
 * - The choice ("granted" or "denied") is kept in first-party storage (localStorage) and nowhere else.
 * - Global Privacy Control (`navigator.globalPrivacyControl`, sent as `Sec-GPC: 1`) is an opt-out of
 *   sale and sharing: it denies the ad_* purposes whatever the choice or the regime.
 * - Under "opt-out" (a US site) everything is granted until the visitor opts out, which denies ad_*
 *   (analytics stays); under "opt-in" (the EEA, the UK) everything is denied until the visitor accepts.
 */
import type { ConsentRegime } from "../../schemas/privacy.ts";

export type Choice = "granted" | "denied";
export type ConsentState = Record<"ad_storage" | "ad_user_data" | "ad_personalization" | "analytics_storage", Choice>;

/** The key of the choice in localStorage. */
export const choiceKey = "privacy-choice";
/** How long Tag Manager's tags wait for an update after the defaults (ms): the banner's answer, a stored choice read late. */
const waitForUpdateMs = 500;

/** gtag's form of a dataLayer message: the arguments object itself, as Google's snippet pushes it. */
export function gtag(..._: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- Tag Manager reads gtag commands as an Arguments object.
  (window.dataLayer ??= []).push(arguments);
}

/** The site's regime, from the choices dialog every page carries (src/layout/PrivacyChoices.tsx). */
export const regimeOf = (doc: Document = document): ConsentRegime =>
  doc.getElementById("privacy-choices")?.dataset.regime === "opt-in" ? "opt-in" : "opt-out";

/** Whether the browser sends Global Privacy Control. */
export const gpc = (): boolean =>
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** The stored choice, if the visitor made one (storage blocked: none). */
export function storedChoice(): Choice | undefined {
  try {
    const value = localStorage.getItem(choiceKey);
    return value === "granted" || value === "denied" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The four purposes for a regime, a choice (or none yet) and the browser's signal. */
export function consentState(regime: ConsentRegime, choice: Choice | undefined, signal: boolean): ConsentState {
  const chosen = choice ?? (regime === "opt-in" ? "denied" : "granted");
  const ads = signal ? "denied" : chosen;
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: regime === "opt-in" ? chosen : "granted",
  };
}

/** The state this page is under now. */
export const currentState = (doc: Document = document): ConsentState =>
  consentState(regimeOf(doc), storedChoice(), gpc());

/** Consent Mode's defaults for this page: the first message of its dataLayer. */
export function pushConsentDefault(doc: Document = document): void {
  gtag("consent", "default", { ...currentState(doc), wait_for_update: waitForUpdateMs });
}

/** Keeps the visitor's choice and applies it at once (Consent Mode's update). */
export function applyChoice(choice: Choice, doc: Document = document): void {
  try {
    localStorage.setItem(choiceKey, choice);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  gtag("consent", "update", consentState(regimeOf(doc), choice, gpc()));
}

/** Under "opt-in", the banner for a visitor who has not chosen yet (fixed over the page's foot: nothing moves). */
export function showBannerUnlessChosen(doc: Document = document): void {
  if (regimeOf(doc) === "opt-in" && !storedChoice())
    doc.querySelector("[data-consent-banner]")?.removeAttribute("hidden");
}
