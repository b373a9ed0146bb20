/**
 * Every part of Decap CMS that /admin/ relies on and that Decap publishes as no API: its store's
 * slices, its actions, its backend's methods, its widgets' insides, its page's DOM and styles, its
 * localStorage key and its addresses. Each is used in admin/decap/ only (decap.ts, backend.ts,
 * login.ts, routes.ts, dom.ts, decap.css, blank-entry.ts, rename.ts, hint-markdown.ts), and each has
 * a contract, by its name, in contracts.ts, that `npm run test:cms` runs on the installed Decap
 * (tests/cms/decap-door.spec.ts): upgrading Decap means running that one command, and mending what it
 * names here.
 * What Decap does publish (`cms.registerWidget`, `registerPreviewTemplate`, `registerEventListener`,
 * `registerCustomFormat`, `registerBackend`, `registerLocale`, `init`, `getWidget`, and each widget
 * package's `Widget()`) is not listed.
 */

export type InternalKind = "module" | "store" | "action" | "backend" | "widget" | "dom" | "css" | "storage" | "route";

export interface Internal {
  name: string;
  kind: InternalKind;
  /** What /admin/ assumes of it. */
  assumed: string;
  /** Where it is used (a file of admin/decap/, and what of it). */
  usedIn: string;
}

export const internals = [
  // Modules of Decap's own source, reached by path: the same instances decap-cms-core's `init` uses.
  {
    name: "decap-cms-core/dist/esm/redux/index.js",
    kind: "module",
    assumed: "exports `store`: Decap's Redux store (getState, subscribe, dispatch)",
    usedIn: "decap.ts",
  },
  {
    name: "decap-cms-core/dist/esm/backend.js",
    kind: "module",
    assumed: "exports `currentBackend(config)`: the backend Decap made from the configuration",
    usedIn: "decap.ts",
  },
  {
    name: "decap-cms-lib-widgets stringTemplate",
    kind: "module",
    assumed:
      "`stringTemplate.compileStringTemplate(template, null, '', item)` fills a summary template from an Immutable item",
    usedIn: "decap.ts: summaryOf",
  },
  {
    name: "decap-cms-widget-markdown/dist/esm/schema.js",
    kind: "module",
    assumed:
      "its default export is the schema of the Markdown widget's options, the one its `Widget()` gives: registered at once while the widget itself loads later",
    usedIn: "cms.ts: the Markdown widget (later.tsx)",
  },
  {
    name: "react-markdown",
    kind: "module",
    assumed: "decap-cms-core draws each field's hint with its default export: the text as children, options alike",
    usedIn: "hint-markdown.ts (scripts/cms/decap-swaps.ts answers Decap's import with it)",
  },
  {
    name: "immutable",
    kind: "module",
    assumed: "Decap's entries, fields and lists are Immutable values of the one copy of immutable it uses",
    usedIn: "decap.ts: plainOf, itemsOf, listOf, mapOf",
  },
  // Slices of Decap's store.
  {
    name: "store.config",
    kind: "store",
    assumed: "the configuration: `backend.name`, `isFetching` (true until it is loaded), `publish_mode`",
    usedIn: "decap.ts: backend, keepNames, start; rename.ts: renameMode",
  },
  {
    name: "store.auth.user",
    kind: "store",
    assumed: "set once someone is logged in",
    usedIn: "decap.ts: backend, start (the widgets loaded later preloaded)",
  },
  {
    name: "store.auth.isFetching",
    kind: "store",
    assumed:
      "a boolean; false, with no user, once Decap found no stored login: the login screen shows (a login through it sets it true)",
    usedIn: "decap.ts: start (when /admin/'s parts start loading)",
  },
  {
    name: "store.collections",
    kind: "store",
    assumed: "an Immutable Map of the collections by name, each with `name`, `folder`, `extension`",
    usedIn: "decap.ts: filesOf, collectionNames, addToList, keepNames",
  },
  {
    name: "store.entries.entities",
    kind: "store",
    assumed: 'the entries as published, by "<collection>.<slug>"',
    usedIn: "decap.ts: putInDraft",
  },
  {
    name: "store.entryDraft",
    kind: "store",
    assumed:
      "`key`, `hasChanged`, and `entry` (collection, slug, path, newRecord, isFetching, data): the entry being edited",
    usedIn: "decap.ts: draftEntry, putInDraft, openNewEntryWith, keepNames; rename.ts: renameRefusal, showRenamed",
  },
  {
    name: "store.entryDraft.fieldsErrors",
    kind: "store",
    assumed: "an Immutable Map of a field's control id to its problems",
    usedIn: "decap.ts: fieldsWithErrors",
  },
  {
    name: "store.medias",
    kind: "store",
    assumed: "the pictures uploaded in this window by path, each with `asset.url`",
    usedIn: "decap.ts: uploadedPicture, onUploadsChange",
  },
  {
    name: "store.mediaLibrary.files",
    kind: "store",
    assumed: "the media library's files (path, url, draft), in an Immutable Map under `files`",
    usedIn: "decap.ts: uploadedPicture, onUploadsChange",
  },
  {
    name: "store.notifications.notifications",
    kind: "store",
    assumed: "Decap's notices on screen, each with `id` and `message.key`",
    usedIn: "decap.ts: notices",
  },
  // Actions /admin/ dispatches.
  {
    name: "NOTIFICATION_DISMISS",
    kind: "action",
    assumed: "`{ type, id }` takes a notice down",
    usedIn: "decap.ts: dismissNotice",
  },
  {
    name: "DRAFT_CREATE_FROM_ENTRY",
    kind: "action",
    assumed: "`{ payload: { entry } }` makes the draft anew from an entry (the form drawn anew)",
    usedIn: "decap.ts: putInDraft",
  },
  {
    name: "DRAFT_CHANGE_FIELD",
    kind: "action",
    assumed:
      "`{ payload: { field, value, entries } }` changes a field, `hasChanged` worked out against the entry as published",
    usedIn: "decap.ts: putInDraft",
  },
  {
    name: "DRAFT_CREATE_DUPLICATE_FROM_ENTRY",
    kind: "action",
    assumed: "`{ payload: entry }` fills a new entry's draft with another's data, unsaved",
    usedIn: "decap.ts: openNewEntryWith",
  },
  {
    name: "ENTRY_DELETE_SUCCESS",
    kind: "action",
    assumed:
      "`{ payload: { collectionName, entrySlug } }` takes an entry out of `entries.entities` and its collection's listed ids",
    usedIn: "rename.ts: showRenamed",
  },
  // Methods of the backend object (currentBackend's).
  {
    name: "backend.listAllEntries",
    kind: "backend",
    assumed: "`(collection)` → the collection's files (path, slug, raw, data)",
    usedIn: "decap.ts: filesOf",
  },
  {
    name: "backend.getEntry",
    kind: "backend",
    assumed: "`(state, collection, slug)` → the entry's file as stored now (raw)",
    usedIn: "decap.ts: liveText, addToList",
  },
  {
    name: "backend.persistEntry",
    kind: "backend",
    assumed: "`({ config, collection, entryDraft, assetProxies, usedSlugs })` writes an entry",
    usedIn: "decap.ts: addToList",
  },
  {
    name: "backend.generateUniqueSlug",
    kind: "backend",
    assumed: "`(collection, data, config, usedSlugs, customPath)` → a new entry's file name; replaceable on the object",
    usedIn: "decap.ts: keepNames",
  },
  {
    name: "backend.entryExist",
    kind: "backend",
    assumed: "`(collection, path, slug, useWorkflow)` → whether a file of that name is there",
    usedIn: "decap.ts: keepNames",
  },
  {
    name: "backend implementation authenticate",
    kind: "backend",
    assumed:
      "a registered backend class's `authenticate` is what a login goes through, and its `restoreUser` (a stored login) calls it too: a class of our own around it can make both wait",
    usedIn: "cms.ts: afterParts",
  },
  {
    name: "backend.getMediaFile",
    kind: "backend",
    assumed: "`(path)` → a picture by its whole path, with `url`",
    usedIn: "decap.ts: pictureBackend (backend.ts)",
  },
  {
    name: "backend.implementation.persistEntry",
    kind: "backend",
    assumed:
      "`({ dataFiles: [{ path, slug, raw, newPath? }], assets }, { commitMessage, collectionName, useWorkflow, hasSubfolders, … })` writes several files in one save: the local proxy each at `path` (it moves files only when every one has `newPath`); GitHub in one commit, a file with `newPath` deleted at `path` and written at `newPath` (that file alone with `hasSubfolders: false`), with `useWorkflow` on a new branch `cms/<collectionName>/<the first file's slug>` and its pull request",
    usedIn: "rename.ts: renameEntry",
  },
  {
    name: "backend.implementation.deleteFiles",
    kind: "backend",
    assumed: "`(paths, commitMessage)` deletes files by their paths in the repository",
    usedIn: "rename.ts: renameEntry (the local proxy)",
  },
  {
    name: "backend.implementation.unpublishedEntry",
    kind: "backend",
    assumed:
      "`({ collection, slug })` → the entry's changes in review (its pull request); rejects with `notUnderEditorialWorkflow: true` when it has none",
    usedIn: "rename.ts: inReview (the editorial workflow)",
  },
  // Insides of Decap's widgets.
  {
    name: "widget object registration",
    kind: "widget",
    assumed:
      "`registerWidget({ name, controlComponent, previewComponent, ...rest })` keeps the rest (allowMapValue, schema, …), and `getWidget` gives back `{ control, preview, ... }`",
    usedIn: "decap.ts: registerWidget, widgetNamed",
  },
  {
    name: "widget getWrappedInstance",
    kind: "widget",
    assumed: "a ref to a connected control gives the control through `getWrappedInstance()`",
    usedIn: "decap.ts: controlInstance",
  },
  {
    name: "widget list state.keys",
    kind: "widget",
    assumed:
      "the list control keeps its items' keys, in order, in `state.keys`; an item's fields get the key after the list's id in `parentIds`",
    usedIn: "decap.ts: itemKeysOf",
  },
  {
    name: "widget control props",
    kind: "widget",
    assumed: "a control gets `forID` (its label's `for`), `parentIds`, `getEntry`, `classNameWrapper`, `validate`",
    usedIn: "decap.ts: ControlProps",
  },
  // Decap's page.
  {
    name: "#nc-root",
    kind: "dom",
    assumed:
      "Decap draws its app in the element of this id, its screens' buttons in it (its login screen's button too)",
    usedIn: "dom.ts: decapRoot, decapButtonShown",
  },
  {
    name: "#preview-pane",
    kind: "dom",
    assumed: "the editor's preview pane has this id while the editor shows",
    usedIn: "dom.ts: previewPaneShown",
  },
  {
    name: "label[for]",
    kind: "dom",
    assumed: "a field's label names its control's `forID`",
    usedIn: "dom.ts: labelOfControl",
  },
  {
    name: '[aria-label$=" field"]',
    kind: "dom",
    assumed: 'each field\'s box is labelled "<name> field"',
    usedIn: "dom.ts: fieldBoxOf",
  },
  {
    name: "closed list item's top bar",
    kind: "dom",
    assumed:
      "a closed list item hides its fields (display: none); its top bar, two elements before, opens it with its first button",
    usedIn: "dom.ts: openItemsAround",
  },
  {
    name: "Emotion class -BackStatusUnchanged",
    kind: "css",
    assumed: 'the editor toolbar\'s "Changes saved" has a class ending in -BackStatusUnchanged',
    usedIn: "decap.css",
  },
  {
    name: "toolbar 66 px",
    kind: "css",
    assumed: "the editor toolbar is 66 px high, at the top of the page",
    usedIn: "dom.ts: TOOLBAR_HEIGHT, decap.css: --decap-toolbar-height",
  },
  // Decap's storage and addresses.
  {
    name: "localStorage decap-cms-user",
    kind: "storage",
    assumed: "the logged-in user, token included, as JSON",
    usedIn: "login.ts",
  },
  {
    name: "#/collections/<name>",
    kind: "route",
    assumed:
      "a collection's list; going there from an editor unmounts it, so an entry opened next is read anew (from another entry's address alone, Decap keeps the entry it shows)",
    usedIn: "routes.ts: collectionAddress; rename.ts: showRenamed",
  },
  {
    name: "#/collections/<name>/entries/<slug>",
    kind: "route",
    assumed: "an entry's editor; where a new entry goes once saved",
    usedIn: "routes.ts: entryAddress, entryIn",
  },
  {
    name: "#/collections/<name>/new",
    kind: "route",
    assumed: "a new entry's editor",
    usedIn: "routes.ts: newEntryAddress, isNewEntry, isEditor",
  },
] as const satisfies readonly Internal[];

export type InternalName = (typeof internals)[number]["name"];
