/**
 * Decap CMS, typed: the one module of admin/ that touches what Decap hands over untyped (its Immutable
 * entries, field configurations, lists and maps, its Redux store and its backend object). It gives the
 * rest plain typed values, each Immutable value converted once, and hands values back to Decap in its
 * own form (a list, a map, an entry's data before saving). So lint allows `any` in this file only
 * (eslint.config.js), and contracts.ts.
 * Decap publishes no API for its store nor its backend: they are reached through the modules of
 * decap-cms-core that its `init` itself uses, the same instances (modules.d.ts); cms.ts registers what
 * /admin/ uses of Decap's backends, widgets and phrases. Each of its
 * internals used here is listed in internals.ts, with its contract in contracts.ts: an upgrade of
 * Decap must pass `npm run test:cms` (tests/cms/decap-door.spec.ts names what no longer holds).
 */
import type { ComponentType } from "react";
import type { Formatter } from "decap-cms-core";
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import { currentBackend } from "decap-cms-core/dist/esm/backend.js";
import { stringTemplate } from "decap-cms-lib-widgets";
import { fromJS, isImmutable, List } from "immutable";
import type { CmsField } from "../../scripts/cms/types.ts";
import { cms, preloadLaterWidgets, waitBeforeLogin } from "./cms.ts";
import { decapButtonShown } from "./dom.ts";
import { newEntryAddress } from "./routes.ts";

// Values ------------------------------------------------------------------------------------------

/** Decap's values never change (a change makes a new one), so each is converted once. */
const plainValues = new WeakMap<object, unknown>();

/** An Immutable value as plain values (shared: read it, never change it); any other value as it is. */
export function plainOf(value: unknown): unknown {
  if (!isImmutable(value)) return value;
  if (!plainValues.has(value)) plainValues.set(value, value.toJS());
  return plainValues.get(value);
}

/** The items of a Decap list, each as Decap has it; undefined when the value is not a list. */
export const itemsOf = (value: unknown): unknown[] | undefined => (List.isList(value) ? value.toArray() : undefined);

/** A list as Decap holds one, of `items` as they are. */
export const listOf = (items: readonly unknown[]): unknown => List(items);

/** A map as Decap holds one, from plain values. */
export const mapOf = (value: object): unknown => fromJS(value);

/** A summary template ("{{fields.heading}}", filters such as `| ternary('a', 'b')`) filled from a list item as Decap has it. */
export const summaryOf = (template: string, item: unknown): string =>
  stringTemplate.compileStringTemplate(template, null, "", item);

/** A field's configuration as Decap hands it to a widget, in plain values. */
export const fieldOf = (field: unknown): CmsField => (plainOf(field) ?? {}) as CmsField;

// Entries -----------------------------------------------------------------------------------------

/** An entry as Decap holds it (the one being edited, or being saved), in plain values. */
export interface Entry {
  /** Its collection's name ("" when Decap's entry names none). */
  collection: string;
  /** Its file's name without its extension ("" for a new entry not saved yet). */
  slug: string;
  /** True while it is being created. */
  newRecord: boolean;
  /** Its fields' values, the same object as long as they are unchanged; undefined when it holds none. */
  data: Record<string, unknown> | undefined;
}

export function entryOf(entry: unknown): Entry {
  const decap = entry as any;
  return {
    collection: String(decap?.get?.("collection") ?? ""),
    slug: String(decap?.get?.("slug") ?? ""),
    newRecord: decap?.get?.("newRecord") === true,
    data: plainOf(decap?.get?.("data")) as Record<string, unknown> | undefined,
  };
}

// Widgets and previews ----------------------------------------------------------------------------

/** What Decap hands a widget's control: the parts /admin/ reads, and the rest, passed on to Decap's own control as it came. */
export interface ControlProps {
  /** The field's configuration: `fieldOf` reads it. */
  field: unknown;
  value: unknown;
  onChange(value: unknown): void;
  forID: string;
  classNameWrapper: string;
  /** The ids of the controls around this one: a list's id is followed by its item's key. */
  parentIds?: readonly string[];
  /** The entry being edited (`entryOf` reads it). */
  getEntry?(): unknown;
  entry?: unknown;
  getAsset(path: string, field?: unknown): { toString(): string };
  setActiveStyle?(): void;
  setInactiveStyle?(): void;
  hasActiveStyle?: boolean;
  validate?(result?: { error: unknown }): void;
  [key: string]: unknown;
}
export type Control = ComponentType<ControlProps>;

/** The entry a control belongs to, in plain values. */
export const entryAt = (props: ControlProps): Entry => entryOf(props.getEntry?.() ?? props.entry);

/** What Decap asks of a control it holds a reference to (all optional: a control has what it has). */
export interface ControlInstance {
  isValid?(): unknown;
  validate?(): void;
  focus?(path?: string): unknown;
  getValidateValue?(): unknown;
  shouldComponentUpdate?(next: ControlProps): boolean;
}

/** The keys of a list control's items, in order (Decap's list control keeps them in its state); undefined for another control. */
export function itemKeysOf(control: ControlInstance | null): string[] | undefined {
  const keys = (control as any)?.state?.keys;
  return Array.isArray(keys) ? keys : undefined;
}

/** The control behind a reference React gives (a connected control: the one it wraps). */
export function controlInstance(ref: unknown): ControlInstance | null {
  const decap = ref as any;
  return decap?.getWrappedInstance ? decap.getWrappedInstance() : decap;
}

/** A widget as Decap has it registered: its control, its preview, and what else Decap keeps of it. */
export interface Widget {
  control: Control;
  preview?: unknown;
  [key: string]: unknown;
}
export const widgetNamed = (name: string) => cms.getWidget(name) as unknown as Widget | undefined;

/** Registers the widget `name` with `control` (and `preview`): Decap's short form, which keeps nothing else. */
export const registerControl = (name: string, control: Control, preview?: unknown) =>
  cms.registerWidget(name, control as never, preview as never);

/** Registers `widget` again as `name` with another control: the object form keeps what Decap knows of it (allowMapValue, …). */
export function registerWidget(name: string, widget: Widget, control: Control) {
  const rest: Record<string, unknown> = { ...widget };
  delete rest.control;
  delete rest.preview;
  cms.registerWidget({ ...rest, name, controlComponent: control, previewComponent: widget.preview } as never);
}

/** What Decap hands a preview template: the entry (`entryOf` reads it) and the address of a picture. */
export interface PreviewProps {
  entry: unknown;
  getAsset(path: string): { toString(): string };
}
export const registerPreview = (name: string, template: ComponentType<PreviewProps>) =>
  cms.registerPreviewTemplate(name, template as never);
export const registerPreviewStyle = (css: string) => cms.registerPreviewStyle(css);
export const registerFormat = (name: string, extension: string, formatter: Formatter) =>
  cms.registerCustomFormat(name, extension, formatter);

/** Before each save: `handler` refuses it by throwing, or gives fields to set on the data that is saved. */
export function beforeSave(handler: (entry: Entry) => Promise<Record<string, unknown> | undefined>) {
  cms.registerEventListener({
    name: "preSave",
    handler: async ({ entry }) => {
      const set = await handler(entryOf(entry));
      if (!set) return undefined;
      return Object.entries(set).reduce((data, [key, value]) => data.set(key, value), entry.get("data"));
    },
  });
}

/** After each save. */
export function afterSave(handler: (entry: Entry) => void) {
  cms.registerEventListener({ name: "postSave", handler: ({ entry }) => handler(entryOf(entry)) });
}

/** After each publish of an entry saved for review (the editorial workflow's; a simple save is `afterSave`'s). */
export function afterPublish(handler: (entry: Entry) => void) {
  cms.registerEventListener({ name: "postPublish", handler: ({ entry }) => handler(entryOf(entry)) });
}

/**
 * Starts Decap with `config` (generated, so typed as the JSON it is rather than with Decap's own
 * types). `beforeLogin` (/admin/'s parts, loaded once) is called once the login screen is drawn and
 * the page idle, and Decap's login, and a stored login restored, wait for it (cms.ts). Once someone
 * is logged in and the page is idle, the widgets loaded later start loading, so the first editor that
 * needs one (a Markdown field) rarely waits for it.
 */
export function start(config: object, { beforeLogin }: { beforeLogin: () => Promise<unknown> }) {
  waitBeforeLogin(beforeLogin);
  cms.init({ config: config as never });
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  let asked = false;
  const stop = store.subscribe(() => {
    const now = state();
    if (now?.auth?.user) {
      stop();
      idle(() => preloadLaterWidgets());
      return;
    }
    // The configuration loaded and no login under way: the login screen is what shows. Once its
    // button is drawn (Decap draws it a few frames later) and the page idle, the parts start loading.
    if (asked || now?.config?.isFetching !== false || now?.auth?.isFetching !== false) return;
    asked = true;
    const whenDrawn = () => {
      if (!decapButtonShown()) return void window.requestAnimationFrame(whenDrawn);
      idle(() => void beforeLogin().catch(() => {}));
    };
    whenDrawn();
  });
}

// Decap's store and backend -----------------------------------------------------------------------

const state = (): any => store.getState();

/** Calls `listener` after each change of Decap's store. */
export const onStoreChange = (listener: () => void) => store.subscribe(listener);

/** Decap's backend once Decap is configured and someone is logged in; undefined until then. */
function backend(): any | undefined {
  const now = state();
  const config = now?.config;
  if (!config?.backend?.name || config.isFetching || !now?.auth?.user) return undefined;
  try {
    return currentBackend(config);
  } catch {
    return undefined;
  }
}

/** The backend, for pictures (once someone is logged in). */
export const pictureBackend = (): { getMediaFile(path: string): Promise<{ url?: string }> } | undefined => backend();

/** True once Decap is configured and someone is logged in: the backend can be read. */
export const backendReady = () => backend() !== undefined;

/** A file as the backend has it: its path in the repository ("content/pages/home.yaml") and text. */
export interface BackendFile {
  path: string;
  slug: string;
  raw: string;
  data: Record<string, unknown>;
}

/** The files of one collection of the configuration, as the backend has them now. */
export async function filesOf(collection: string): Promise<BackendFile[]> {
  const found = backend();
  const map = state().collections?.get?.(collection);
  if (!found || !map) throw new Error(`the CMS cannot read the collection "${collection}" yet`);
  const entries = (await found.listAllEntries(map)) as any[];
  return entries.map((entry) => ({
    path: String(entry.path),
    slug: String(entry.slug),
    raw: String(entry.raw ?? ""),
    data: (entry.data ?? {}) as Record<string, unknown>,
  }));
}

/** The names of the configuration's collections. */
export const collectionNames = (): string[] => [...(state().collections?.keys?.() ?? [])];

/** A picture uploaded in this window, by its path in the repository: Decap keeps it (a blob: URL) until saved. */
export function uploadedPicture(path: string): string | undefined {
  const now = state();
  const own = now?.medias?.[path]?.asset?.url;
  if (typeof own === "string" && own) return own;
  const files = now?.mediaLibrary?.get?.("files") as any[] | undefined;
  const file = files?.find?.((f: any) => f?.path === path && (f?.draft || String(f?.url ?? "").startsWith("blob:")));
  return typeof file?.url === "string" ? file.url : undefined;
}

/** Calls `listener` each time an upload is added or removed (Decap's store holds them). */
export function onUploadsChange(listener: () => void) {
  let media: unknown;
  let library: unknown;
  store.subscribe(() => {
    const now = state();
    const files = now?.mediaLibrary?.get?.("files");
    if (now?.medias === media && files === library) return;
    media = now?.medias;
    library = files;
    listener();
  });
}

/** Adds `item` at the end of the list at `path` of an entry's data, and saves the entry through Decap's backend. */
export async function addToList(collection: string, slug: string, path: readonly (string | number)[], item: string) {
  const now = state();
  const found = currentBackend(now.config) as any;
  const map = now.collections.get(collection);
  const entry = fromJS(await found.getEntry(now, map, slug)) as any;
  const at = ["data", ...path];
  const list = entry.getIn(at);
  await found.persistEntry({
    config: now.config,
    collection: map,
    entryDraft: fromJS({ entry: {} }).set("entry", entry.setIn(at, (List.isList(list) ? list : List()).push(item))),
    assetProxies: [],
    usedSlugs: List(),
  });
}

/** The ids of the fields Decap holds problems for now. */
export function fieldsWithErrors(): string[] {
  const ids: string[] = [];
  state()
    .entryDraft?.get?.("fieldsErrors")
    ?.forEach?.((list: any, id: string) => {
      if ((list?.size ?? list?.length ?? 0) > 0) ids.push(id);
    });
  return ids;
}

/** Decap's notices on screen: each one's id and its message's key ("ui.toast.onFailToPersist"). */
export const notices = (): { id: unknown; key: unknown }[] =>
  ((state().notifications?.notifications ?? []) as any[]).map((n) => ({ id: n?.id, key: n?.message?.key }));

/** Takes one of Decap's notices down. */
export const dismissNotice = (id: unknown) => store.dispatch({ type: "NOTIFICATION_DISMISS", id });

// A new entry filled in ---------------------------------------------------------------------------

/** The new entry `openNewEntryWith` filled in, by its draft's key, and the name its file is to keep. */
let keptName: { collection: string; slug: string; key: unknown } | undefined;
const keepingNames = new WeakSet<object>();

/**
 * Decap names a new entry's file from its title (`generateUniqueSlug`); the entry `openNewEntryWith`
 * filled in keeps the name it is given while no entry has it (else Decap's own name, made unique).
 */
function keepNames(found: any) {
  if (keepingNames.has(found)) return;
  keepingNames.add(found);
  const made = found.generateUniqueSlug.bind(found);
  found.generateUniqueSlug = async (collection: any, data: any, config: any, used: any, custom: any) => {
    const kept = keptName;
    if (kept && !custom && collection.get("name") === kept.collection && state().entryDraft?.get("key") === kept.key) {
      const path = `${collection.get("folder")}/${kept.slug}.${collection.get("extension") ?? "yaml"}`;
      const workflow = config?.publish_mode === "editorial_workflow";
      const taken =
        used?.includes?.(kept.slug) || Boolean(await found.entryExist(collection, path, kept.slug, workflow));
      if (!taken) return kept.slug;
    }
    return made(collection, data, config, used, custom);
  };
}

/**
 * Opens Decap's editor of a new entry of `collection` with `data` in it, as its "Duplicate" does: the
 * changes unsaved, written only when published (or saved for review), under the file name `slug`.
 * Resolves once the editor holds the data.
 */
export function openNewEntryWith(collection: string, slug: string, data: Record<string, unknown>): Promise<void> {
  const before = state().entryDraft?.get("key");
  return new Promise((resolve) => {
    const stop = store.subscribe(() => {
      const draft = state().entryDraft;
      const entry = draft?.get("entry");
      if (!entry || draft.get("key") === before || entry.get("collection") !== collection) return;
      if (!entry.get("newRecord") || draft.get("hasChanged")) return;
      stop();
      const found = backend();
      if (found) keepNames(found);
      keptName = { collection, slug, key: draft.get("key") };
      store.dispatch({
        type: "DRAFT_CREATE_DUPLICATE_FROM_ENTRY",
        payload: { collection, slug: "", path: "", partial: false, raw: "", data, meta: {}, i18n: {}, mediaFiles: [] },
      });
      resolve();
    });
    window.location.hash = newEntryAddress(collection);
  });
}

// The entry being edited --------------------------------------------------------------------------

/** Decap's draft of the entry being edited, as Decap holds it; undefined outside the editor. */
const draft = (): any => state().entryDraft?.get?.("entry");

/** The entry being edited (its draft, unsaved changes included), and its file's path in the repository; undefined outside the editor. */
export function draftEntry(): (Entry & { path: string }) | undefined {
  const entry = draft();
  if (!entry || entry.get?.("isFetching")) return undefined;
  return { ...entryOf(entry), path: String(entry.get("path") ?? "") };
}

/**
 * Puts `data` in the editor as the entry's unsaved changes, as Decap does when it restores a backup:
 * a draft of the entry with that data (the form drawn anew from it), changed as far as Decap's Publish
 * knows when it differs from the entry as published. Nothing is written.
 */
export function putInDraft(data: Record<string, unknown>) {
  const entry = draft();
  if (!entry) return;
  const next = entry.set("data", fromJS(data));
  store.dispatch({ type: "DRAFT_CREATE_FROM_ENTRY", payload: { entry: next.toJS() } });
  // Decap works out "changed" on a field's change, against the entry as published: one, to itself.
  const published = state().entries?.getIn?.(["entities", `${entry.get("collection")}.${entry.get("slug")}`]);
  const [name] = Object.keys(data);
  if (name === undefined) return;
  store.dispatch({
    type: "DRAFT_CHANGE_FIELD",
    payload: { field: fromJS({ name }), value: draft().getIn(["data", name]), entries: published ? [published] : [] },
  });
}

/** The entry's file as the backend has it now (the live version): its text; undefined when it cannot be read. */
export async function liveText(collection: string, slug: string): Promise<string | undefined> {
  const found = backend();
  const map = state().collections?.get?.(collection);
  if (!found || !map) return undefined;
  const entry = (await found.getEntry(state(), map, slug)) as any;
  return typeof entry?.raw === "string" ? entry.raw : undefined;
}
