/**
 * Every part /admin/ adds to Decap, registered together: the formats that read and write entries in
 * place, the save hooks and the check, the widgets, the previews, the Leads screen, Recent changes,
 * the History panel and Change address (each a module of its own, docs/architecture.md). Not in the login screen's
 * download: main.tsx loads this once that screen is idle, and Decap's login waits for it
 * (admin/decap/cms.ts), so nobody is logged in, and no entry read, before these are registered.
 */
import "./screens/leads/register.tsx";
import "./screens/changes/register.tsx";
import "./history/panel/register.tsx";
import "./editor/change-address.ts";
import { readOnceLoggedIn } from "./editor/content-cache.ts";
import { registerFormat } from "./decap/decap.ts";
import { fromFile, toFile } from "./editor/in-place.ts";
import { fromMarkdownFile, toMarkdownFile } from "./editor/markdown-file.ts";
import { registerPreviews } from "./preview/preview-templates.tsx";
import { registerSaveHooks } from "./editor/save-hooks.ts";
import { watchForTheirChanges } from "./editor/no-edit-lost.ts";
import { registerWidgets } from "./widgets/registration.tsx";

let registered = false;

export function registerParts() {
  if (registered) return;
  registered = true;
  readOnceLoggedIn();
  registerFormat("yaml", "yaml", { fromFile, toFile });
  // Markdown entries (guides, case studies, legal pages): read and written as the YAML ones, in place.
  registerFormat("frontmatter", "md", { fromFile: fromMarkdownFile, toFile: toMarkdownFile });
  registerSaveHooks();
  watchForTheirChanges();
  registerWidgets();
  registerPreviews();
}
