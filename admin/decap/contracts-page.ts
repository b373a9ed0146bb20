/**
 * The contracts of Decap's backend methods, widget insides, page (DOM, styles), storage and addresses
 * (internals.ts), by name: contracts.ts runs them.
 */
import { fromJS, List } from "immutable";
import { fieldInForm } from "../widgets/on-screen.ts";
import { draftEntry, widgetNamed, registerWidget, type Control } from "./decap.ts";
import {
  decapButtonShown,
  decapRoot,
  fieldBoxOf,
  labelOfControl,
  openItemsAround,
  previewPaneShown,
  TOOLBAR_HEIGHT,
} from "./dom.ts";
import { storedToken, signedIn } from "./login.ts";
import { collectionAddress, entryAddress, isEditor, isNewEntry, newEntryAddress } from "./routes.ts";
import {
  state,
  backend,
  expect,
  isFunction,
  method,
  editing,
  aList,
  lastItemLabel,
  listItemFound,
  type Check,
} from "./contract-kit.ts";

export const pageContracts = {
  "backend.listAllEntries": {
    stage: "entry",
    check: async () => {
      method("listAllEntries");
      const { draft, collection } = editing();
      const files = (await backend().listAllEntries(collection)) as any[];
      const own = files.find((f) => f.slug === draft.get("slug"));
      expect(
        own && typeof own.path === "string" && typeof own.raw === "string" && own.data,
        "listAllEntries() does not list the open entry with path, raw and data",
      );
    },
  },
  "backend.getEntry": {
    stage: "entry",
    check: async () => {
      method("getEntry");
      const { draft, collection } = editing();
      const entry = await backend().getEntry(state(), collection, draft.get("slug"));
      expect(
        typeof entry?.raw === "string" && entry.raw.length > 0,
        "getEntry(state, collection, slug) gives no raw text",
      );
    },
  },
  "backend.persistEntry": {
    stage: "entry",
    check: () => {
      method("persistEntry");
      expect(backend().persistEntry.length <= 1, "persistEntry takes more than its one object of arguments");
    },
  },
  "backend.generateUniqueSlug": {
    stage: "entry",
    check: async () => {
      method("generateUniqueSlug");
      const { collection } = editing();
      const slug = await backend().generateUniqueSlug(
        collection,
        fromJS({ title: "Decap door probe" }),
        state().config,
        List(),
        undefined,
      );
      expect(
        typeof slug === "string" && slug.length > 0,
        "generateUniqueSlug(collection, data, config, usedSlugs) gives no file name",
      );
    },
  },
  "backend.entryExist": {
    stage: "entry",
    check: async () => {
      method("entryExist");
      const { draft, collection } = editing();
      const workflow = state().config.publish_mode === "editorial_workflow";
      const there = await backend().entryExist(collection, draft.get("path"), draft.get("slug"), workflow);
      expect(there, "entryExist(collection, path, slug, workflow) says the open entry's file is not there");
    },
  },
  "backend implementation authenticate": {
    stage: "logged in",
    check: async () => {
      const implementation = backend()?.implementation;
      expect(
        isFunction(implementation?.authenticate) && isFunction(implementation?.restoreUser),
        "the backend's implementation has no authenticate or restoreUser",
      );
      // Ours (cms.ts's class around Decap's), which waits for /admin/'s parts before Decap's own.
      const own = Object.getPrototypeOf(implementation);
      expect(
        Object.hasOwn(own, "authenticate") && isFunction(Object.getPrototypeOf(own)?.authenticate),
        "the backend is not the class cms.ts registers around Decap's (its own authenticate first)",
      );
      let through = false;
      implementation.authenticate = (...args: unknown[]) => {
        through = true;
        return own.authenticate.apply(implementation, args);
      };
      try {
        await implementation.restoreUser(state().auth.user);
      } finally {
        delete implementation.authenticate;
      }
      expect(
        through,
        "restoreUser does not go through authenticate: a stored login would not wait for /admin/'s parts",
      );
    },
  },
  "backend.getMediaFile": {
    stage: "logged in",
    check: () => method("getMediaFile"),
  },
  "widget object registration": {
    stage: "logged in",
    check: () => {
      const list = widgetNamed("list");
      expect(isFunction(list?.control) || typeof list?.control === "object", 'getWidget("list") has no control');
      const Probe: Control = () => null;
      registerWidget("decap-door-probe", { ...list!, probeKept: true }, Probe);
      const again = widgetNamed("decap-door-probe");
      expect(
        again?.control === Probe && again.probeKept === true && again.preview === list!.preview,
        "registerWidget's object form did not keep the widget's control, preview and the rest",
      );
    },
  },
  "widget getWrappedInstance": {
    stage: "entry",
    check: () =>
      listItemFound(
        "a list item's field is not found: the control behind a connected control's ref (getWrappedInstance) is not reached",
      ),
  },
  "widget list state.keys": {
    stage: "entry",
    check: () =>
      listItemFound(
        "a list item's field is not found by its index: the list control's state.keys no longer match its items' parentIds",
      ),
  },
  "widget control props": {
    stage: "entry",
    check: () => {
      const { name } = aList();
      const found = fieldInForm([name]);
      expect(found?.label, `the field "${name}" is not found by its forID's label`);
    },
  },
  "#nc-root": {
    stage: "logged in",
    check: () => {
      expect(decapRoot()?.childElementCount, "Decap draws nothing in #nc-root");
      // Its screens' buttons are drawn in it (the login screen's too: decapButtonShown; main.tsx's
      // parts load once it holds one).
      expect(decapButtonShown(), "Decap draws no button in #nc-root");
    },
  },
  "#preview-pane": {
    stage: "entry",
    check: () => expect(previewPaneShown(), "the editor shows no #preview-pane"),
  },
  "label[for]": {
    stage: "entry",
    check: () => {
      const control = document.querySelector<HTMLElement>("#nc-root input[id], #nc-root textarea[id]");
      expect(control && labelOfControl(control.id), "no field's label names its control's id");
    },
  },
  '[aria-label$=" field"]': {
    stage: "entry",
    check: () => {
      const control = document.querySelector<HTMLElement>("#nc-root input[id], #nc-root textarea[id]");
      expect(
        control && fieldBoxOf(control)?.contains(labelOfControl(control.id)),
        'a field\'s box labelled "… field" does not hold its label and control',
      );
    },
  },
  "closed list item's top bar": {
    stage: "entry",
    check: async () => {
      const { name, items } = aList();
      const label = lastItemLabel(name, items);
      const hidden = (element: HTMLElement | null): boolean => {
        for (let node = element; node; node = node.parentElement)
          if (getComputedStyle(node).display === "none") return true;
        return false;
      };
      expect(label, "no field of the list's last item is on screen");
      openItemsAround(label!);
      // Decap draws the item opened at a later frame: up to 2 s of frames.
      const until = performance.now() + 2_000;
      while (hidden(label!) && performance.now() < until) await new Promise(requestAnimationFrame);
      expect(!hidden(label!), "openItemsAround() left a list item's field hidden");
    },
  },
  "Emotion class -BackStatusUnchanged": {
    stage: "entry",
    check: () =>
      expect(
        document.querySelector('[class*="-BackStatusUnchanged"]'),
        "an unchanged entry's toolbar has no element of class …-BackStatusUnchanged",
      ),
  },
  "toolbar 66 px": {
    stage: "entry",
    check: () => {
      const status = document.querySelector<HTMLElement>('[class*="-BackStatus"]');
      let bar = status;
      while (bar && getComputedStyle(bar).position !== "absolute" && getComputedStyle(bar).position !== "fixed")
        bar = bar.parentElement;
      const box = bar?.getBoundingClientRect();
      expect(
        box && box.top === 0 && box.height === TOOLBAR_HEIGHT,
        `the editor toolbar is ${box?.height} px high at ${box?.top}, not ${TOOLBAR_HEIGHT} at the top`,
      );
      expect(
        getComputedStyle(document.documentElement).getPropertyValue("--decap-toolbar-height").trim() ===
          `${TOOLBAR_HEIGHT}px`,
        "--decap-toolbar-height is not TOOLBAR_HEIGHT",
      );
    },
  },
  "localStorage decap-cms-user": {
    stage: "logged in",
    check: () => {
      expect(signedIn(), "no decap-cms-user in localStorage once logged in");
      const user = JSON.parse(localStorage.getItem("decap-cms-user")!);
      expect(
        user && typeof user === "object" && (storedToken() === undefined || typeof user.token === "string"),
        "decap-cms-user is not the user as JSON",
      );
    },
  },
  "#/collections/<name>": {
    stage: "logged in",
    check: () => {
      const [name] = [...state().collections.keys()] as string[];
      expect(
        document.querySelector(`a[href="${collectionAddress(name!)}"]`),
        `no link of Decap's goes to ${collectionAddress(name!)}`,
      );
    },
  },
  "#/collections/<name>/entries/<slug>": {
    stage: "entry",
    check: () => {
      const shown = draftEntry()!;
      expect(
        window.location.hash === entryAddress(shown) && isEditor(window.location.hash),
        `the editor of ${shown.collection}/${shown.slug} is not at ${entryAddress(shown)}`,
      );
    },
  },
  "#/collections/<name>/new": {
    stage: "new entry",
    check: () => {
      const { collection } = editing();
      const hash = window.location.hash;
      expect(
        hash === newEntryAddress(collection.get("name")) && isNewEntry(hash) && isEditor(hash),
        `a new entry's editor is at ${hash}`,
      );
      expect(
        document.body.hasAttribute("data-blank-entry"),
        "a new entry's editor is not marked blank (blank-entry.ts)",
      );
    },
  },
} satisfies Record<string, Check>;
