/**
 * The contracts of what a rename (rename.ts) relies on, by name (internals.ts): the backend
 * implementation's several files in one save and their deletion (exercised with the local proxy on
 * two probe files outside content/, then deleted; on another backend, their presence only), its
 * changes in review (with GitHub's editorial workflow, an entry with none), and ENTRY_DELETE_SUCCESS
 * (on a probe entry put in Decap's entries, never the one open).
 */
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import { state, backend, expect, isFunction, editing, type Check } from "./contract-kit.ts";

const probeFolder = ".decap-door-probe";
const implementation = () => backend()?.implementation;
const local = () => state().config?.backend?.name === "proxy";
const editingCollection = () => String([...(state().collections?.keys?.() ?? [])][0] ?? "");
/** The probe files written in one save through the implementation, as rename.ts saves (no workflow). */
const saveProbes = (dataFiles: { path: string; slug: string; raw: string }[]) =>
  implementation().persistEntry(
    { dataFiles, assets: [] },
    {
      newEntry: false,
      commitMessage: "decap door probe",
      collectionName: "probe",
      useWorkflow: false,
      hasSubfolders: false,
      unpublished: false,
    },
  );
const readProbe = async (path: string) => ((await implementation().getEntry(path)) as any)?.data ?? null;

export const renameContracts = {
  "backend.implementation.persistEntry": {
    stage: "logged in",
    check: async () => {
      expect(isFunction(implementation()?.persistEntry), "the backend's implementation has no persistEntry");
      if (!local()) return;
      const files = [
        { path: `${probeFolder}/a.md`, slug: "a", raw: "probe a\n" },
        { path: `${probeFolder}/b.yaml`, slug: "b", raw: "probe: b\n" },
      ];
      await saveProbes(files);
      const written = await Promise.all(files.map((f) => readProbe(f.path)));
      await implementation().deleteFiles(
        files.map((f) => f.path),
        "decap door probe",
      );
      expect(
        written[0] === files[0]!.raw && written[1] === files[1]!.raw,
        "persistEntry({ dataFiles }) did not write each of its files at its path",
      );
    },
  },
  "backend.implementation.deleteFiles": {
    stage: "logged in",
    check: async () => {
      expect(isFunction(implementation()?.deleteFiles), "the backend's implementation has no deleteFiles");
      if (!local()) return;
      const path = `${probeFolder}/c.md`;
      await saveProbes([{ path, slug: "c", raw: "probe c\n" }]);
      await implementation().deleteFiles([path], "decap door probe");
      expect((await readProbe(path)) === null, "deleteFiles([path]) left the file");
    },
  },
  "backend.implementation.unpublishedEntry": {
    stage: "logged in",
    check: async () => {
      expect(isFunction(implementation()?.unpublishedEntry), "the backend's implementation has no unpublishedEntry");
      // The local proxy keeps no changes in review; with GitHub's editorial workflow, a slug with none is refused as such.
      if (local() || state().config?.publish_mode !== "editorial_workflow") return;
      const none = await implementation()
        .unpublishedEntry({ collection: editingCollection(), slug: "decap-door-probe-none" })
        .then(
          () => false,
          (error: any) => error?.notUnderEditorialWorkflow === true,
        );
      expect(
        none,
        "unpublishedEntry() of an entry with no changes in review does not reject as notUnderEditorialWorkflow",
      );
    },
  },
  ENTRY_DELETE_SUCCESS: {
    stage: "entry",
    check: () => {
      const { collection } = editing();
      const name = collection.get("name");
      const slug = "decap-door-probe";
      const key = `${name}.${slug}`;
      store.dispatch({
        type: "ENTRY_SUCCESS",
        payload: { collection: name, entry: { collection: name, slug, path: `${slug}.md`, data: {}, raw: "" } },
      });
      expect(state().entries.getIn(["entities", key]), "the probe entry was not put in Decap's entries");
      store.dispatch({ type: "ENTRY_DELETE_SUCCESS", payload: { collectionName: name, entrySlug: slug } });
      const ids = state().entries.getIn(["pages", name, "ids"]);
      expect(
        !state().entries.getIn(["entities", key]) && !ids?.includes?.(slug),
        "ENTRY_DELETE_SUCCESS left the entry in entries.entities or its collection's ids",
      );
    },
  },
} satisfies Record<string, Check>;
