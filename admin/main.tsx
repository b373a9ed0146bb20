/**
 * /admin/: the editing UI (Decap CMS, from npm, served from our own build). Its configuration is
 * generated from the schemas (`virtual:cms-config`, by scripts/cms/vite-plugin.ts when Vite builds or serves it);
 * its preview pane renders the entry being edited with the site's own renderers and CSS.
 * On 127.0.0.1 or localhost (`npm run cms`) it edits the files of this clone through Decap's local
 * proxy, saving straight to content/; elsewhere it opens a pull request per edit on GitHub.
 * This starts Decap with /admin/'s parts: each is a module of its own (docs/architecture.md).
 */
import "./decap/node-global.ts";
import "./decap/blank-entry.ts";
import "./screens/leads/register.tsx";
import "./screens/changes/register.tsx";
import "./history/panel/register.tsx";
import "./editor/change-address.ts";
import * as generated from "../src/generated/index.js";
import { config } from "./config.ts";
import { readOnceLoggedIn } from "./editor/content-cache.ts";
import { registerFormat, start } from "./decap/decap.ts";
import { fromFile, toFile } from "./editor/in-place.ts";
import { fromMarkdownFile, toMarkdownFile } from "./editor/markdown-file.ts";
import { local } from "./decap/login.ts";
import { registerPreviews } from "./preview/preview-templates.tsx";
import { registerSaveHooks } from "./editor/save-hooks.ts";
import { watchForTheirChanges } from "./editor/no-edit-lost.ts";
import { registerWidgets } from "./widgets/registration.tsx";
import { withZoneHints } from "./editor/zone-hints.ts";

const proxyPort = import.meta.env.VITE_CMS_PROXY_PORT ?? "8081";

readOnceLoggedIn();
registerFormat("yaml", "yaml", { fromFile, toFile });
// Markdown entries (guides, case studies, legal pages): read and written as the YAML ones, in place.
registerFormat("frontmatter", "md", { fromFile: fromMarkdownFile, toFile: toMarkdownFile });
registerSaveHooks();
watchForTheirChanges();
registerWidgets();
registerPreviews();
start({
  ...config,
  // The pickers of Show from / Show until say the site's time zone (site.yaml, as built).
  collections: withZoneHints(config.collections, generated.site.timeZone),
  // A login route without a server address is the site's own server (scripts/cms/repository.ts):
  // Decap takes the token only from a window of exactly `base_url`'s origin, this one.
  backend:
    config.backend.auth_endpoint && !config.backend.base_url
      ? { ...config.backend, base_url: window.location.origin }
      : config.backend,
  // The site's address, from its content as built (the configuration itself depends on the schemas only):
  // Decap's links to the site, which is at another address when /admin/ has its own (ADMIN_ORIGIN).
  ...(generated.site.seo.siteUrl
    ? { site_url: generated.site.seo.siteUrl, display_url: generated.site.seo.siteUrl }
    : {}),
  load_config_file: false,
  // `npm run cms`: no login; each save writes the file in content/ (the proxy knows no pull requests).
  ...(local
    ? {
        local_backend: { url: `http://127.0.0.1:${proxyPort}/api/v1`, allowed_hosts: ["127.0.0.1", "localhost"] },
        publish_mode: "simple",
      }
    : {}),
});
