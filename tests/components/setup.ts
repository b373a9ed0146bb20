import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// The files of a fork share one page (the project runs without isolation, vite.config.ts): each
// test leaves it as it found it.
afterEach(() => {
  cleanup();
  delete window.dataLayer;
  sessionStorage.clear();
  localStorage.clear();
});

// jsdom has no modal dialogs. These stand-ins only open and close the element; the real showModal()
// (focus, inert page, Escape) is exercised in the browser tests against Chromium.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  if (!this.hasAttribute("open")) return;
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
