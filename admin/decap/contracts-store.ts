/** The contracts of Decap's modules, store slices and actions (internals.ts), by name: contracts.ts runs them. */
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import { fromJS, isImmutable, List, Map } from "immutable";
import markdownSchema from "decap-cms-widget-markdown/dist/esm/schema.js";
import {
  draftEntry,
  fieldsWithErrors,
  itemsOf,
  notices,
  dismissNotice,
  putInDraft,
  summaryOf,
  uploadedPicture,
} from "./decap.ts";
import { hintsParsed } from "./hint-markdown.ts";
import { entryIn } from "./routes.ts";
import { state, backend, expect, isFunction, editing, type Check } from "./contract-kit.ts";

export const storeContracts = {
  "decap-cms-core/dist/esm/redux/index.js": {
    stage: "logged in",
    check: () =>
      expect(
        isFunction(store?.getState) && isFunction(store?.subscribe) && isFunction(store?.dispatch) && state()?.config,
        "`store` is not Decap's store (getState, subscribe, dispatch, with its configuration)",
      ),
  },
  "decap-cms-core/dist/esm/backend.js": {
    stage: "logged in",
    check: () => expect(backend()?.implementation, "`currentBackend(config)` gives no backend"),
  },
  "decap-cms-lib-widgets stringTemplate": {
    stage: "logged in",
    check: () => {
      const filled = summaryOf(
        "{{fields.heading}} · {{fields.kind | ternary('yes', 'no')}}",
        fromJS({ heading: "A", kind: true }),
      );
      expect(filled === "A · yes", `compileStringTemplate filled the template as ${JSON.stringify(filled)}`);
    },
  },
  "decap-cms-widget-markdown/dist/esm/schema.js": {
    stage: "logged in",
    check: async () => {
      const widget = (await import("decap-cms-widget-markdown")).default.Widget();
      expect(
        widget.schema === markdownSchema && (markdownSchema as any)?.properties?.modes,
        "the schema module is not the one the Markdown widget's Widget() gives (with `modes`)",
      );
    },
  },
  "react-markdown": {
    stage: "entry",
    check: () =>
      expect(
        hintsParsed() > 0,
        "an entry's editor is open and no field hint was drawn through admin/decap/hint-markdown.ts: Decap no longer draws its hints with react-markdown (scripts/cms/decap-swaps.ts)",
      ),
  },
  immutable: {
    stage: "logged in",
    check: () =>
      expect(
        Map.isMap(state().collections) && isImmutable(state().collections) && itemsOf(List([1])) !== undefined,
        "Decap's collections are not a Map of the immutable /admin/ imports (two copies of immutable?)",
      ),
  },
  "store.config": {
    stage: "logged in",
    check: () => {
      const config = state().config;
      expect(
        typeof config?.backend?.name === "string" && config.isFetching === false,
        "config has no backend.name, or isFetching is not false once loaded",
      );
      expect(
        typeof config.publish_mode === "string" || config.publish_mode === undefined,
        "config.publish_mode is not a string",
      );
    },
  },
  "store.auth.user": {
    stage: "logged in",
    check: () => expect(state().auth?.user, "auth.user is not set once logged in"),
  },
  "store.auth.isFetching": {
    stage: "logged in",
    // Logged in, Decap leaves it as the login set it (true after a login through the screen); the
    // case start() reads (no stored login: false) is before any login, and only its type is checked here.
    check: () => expect(typeof state().auth?.isFetching === "boolean", "auth.isFetching is not a boolean"),
  },
  "store.collections": {
    stage: "logged in",
    check: () => {
      const collections = state().collections;
      const names = [...(collections?.keys?.() ?? [])] as string[];
      expect(names.length > 0, "collections lists no collection");
      const folder = names.map((name) => collections.get(name)).find((c: any) => c.get("folder"));
      expect(
        folder && folder.get("name") && folder.get("extension") !== undefined,
        "no collection has name, folder and extension",
      );
    },
  },
  "store.entries.entities": {
    stage: "entry",
    check: () => {
      const { draft } = editing();
      const key = `${draft.get("collection")}.${draft.get("slug")}`;
      expect(state().entries?.getIn?.(["entities", key])?.get?.("data"), `entries.entities has no "${key}"`);
    },
  },
  "store.entryDraft": {
    stage: "entry",
    check: () => {
      const draft = state().entryDraft;
      const entry = draft?.get?.("entry");
      expect(
        typeof draft?.get?.("hasChanged") === "boolean" && draft.get("key") !== undefined,
        "entryDraft has no hasChanged or key",
      );
      for (const key of ["collection", "slug", "path", "data"])
        expect(entry?.get?.(key) !== undefined, `entryDraft.entry has no ${key}`);
      const shown = draftEntry();
      const named = entryIn(window.location.hash);
      expect(
        shown?.collection === named?.collection && shown?.slug === named?.slug && shown?.newRecord === false,
        "draftEntry() is not the entry the address names",
      );
    },
  },
  "store.entryDraft.fieldsErrors": {
    stage: "entry",
    check: () => {
      const errors = state().entryDraft?.get?.("fieldsErrors");
      expect(Map.isMap(errors), "entryDraft.fieldsErrors is not a Map");
      const id = "decap-door-probe";
      store.dispatch({
        type: "DRAFT_VALIDATION_ERRORS",
        payload: { uniquefieldId: id, errors: [{ type: "CUSTOM", message: "probe" }] },
      });
      const seen = fieldsWithErrors().includes(id);
      store.dispatch({ type: "DRAFT_VALIDATION_ERRORS", payload: { uniquefieldId: id, errors: [] } });
      expect(seen, "a field's problems put in fieldsErrors are not found by fieldsWithErrors()");
    },
  },
  "store.medias": {
    stage: "logged in",
    check: () => {
      const path = "decap-door/probe.png";
      store.dispatch({ type: "ADD_ASSET", payload: { path, url: "blob:decap-door-probe" } });
      const found = uploadedPicture(path);
      store.dispatch({ type: "REMOVE_ASSET", payload: path });
      expect(found === "blob:decap-door-probe", "an upload added to medias is not found by uploadedPicture()");
    },
  },
  "store.mediaLibrary.files": {
    stage: "logged in",
    check: () => {
      const library = state().mediaLibrary;
      expect(Map.isMap(library), "mediaLibrary is not a Map");
      const files = library.get("files");
      expect(files === undefined || Array.isArray(files), "mediaLibrary's files are not a list of files");
    },
  },
  "store.notifications.notifications": {
    stage: "logged in",
    check: () => {
      store.dispatch({
        type: "NOTIFICATION_SEND",
        payload: { id: "decap-door-probe", message: { key: "ui.toast.probe" }, type: "info", dismissAfter: 60_000 },
      });
      const found = notices().find((n) => n.id === "decap-door-probe");
      store.dispatch({ type: "NOTIFICATION_DISMISS", id: "decap-door-probe" });
      expect(
        found?.key === "ui.toast.probe",
        "a notice sent is not in notifications.notifications with its id and message.key",
      );
    },
  },
  NOTIFICATION_DISMISS: {
    stage: "logged in",
    check: () => {
      store.dispatch({
        type: "NOTIFICATION_SEND",
        payload: { id: "decap-door-gone", message: { key: "ui.toast.probe" }, type: "info", dismissAfter: 60_000 },
      });
      dismissNotice("decap-door-gone");
      expect(!notices().some((n) => n.id === "decap-door-gone"), "dismissNotice() left the notice on screen");
    },
  },
  DRAFT_CREATE_FROM_ENTRY: {
    stage: "entry",
    check: () => {
      const before = draftEntry()!.data!;
      putInDraft({ ...before });
      const after = state().entryDraft.get("entry").get("data");
      expect(
        isImmutable(after) && JSON.stringify(after.toJS()) === JSON.stringify(before),
        "putInDraft() with the same data changed the draft",
      );
      expect(
        state().entryDraft.get("hasChanged") === false,
        "putInDraft() with the entry's own data marked it changed",
      );
    },
  },
  DRAFT_CHANGE_FIELD: {
    stage: "entry",
    check: () => {
      const data = draftEntry()!.data!;
      const [name, value] = Object.entries(data).find(([, v]) => typeof v === "string") ?? [];
      expect(name, "the open entry has no text field");
      putInDraft({ ...data, [name!]: `${value} (probe)` });
      const changed =
        state().entryDraft.get("hasChanged") === true && draftEntry()?.data?.[name!] === `${value} (probe)`;
      putInDraft(data);
      const back = state().entryDraft.get("hasChanged") === false;
      expect(changed, "a field changed through putInDraft() is not in the draft, marked changed");
      expect(back, "the draft put back as published is still marked changed");
    },
  },
  DRAFT_CREATE_DUPLICATE_FROM_ENTRY: {
    stage: "new entry",
    check: () => {
      const { collection } = editing();
      const data = { title: "decap door probe" };
      store.dispatch({
        type: "DRAFT_CREATE_DUPLICATE_FROM_ENTRY",
        payload: {
          collection: collection.get("name"),
          slug: "",
          path: "",
          partial: false,
          raw: "",
          data,
          meta: {},
          i18n: {},
          mediaFiles: [],
        },
      });
      const entry = draftEntry();
      expect(
        entry?.newRecord === true && entry.data?.title === data.title,
        "the duplicate's data is not in a new entry's draft",
      );
    },
  },
} satisfies Record<string, Check>;
