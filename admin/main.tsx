/**
 * /admin/: the editing UI (Decap CMS, from npm, served from our own build). Its configuration is
 * generated from the schemas (`virtual:cms-config`, by scripts/cms/vite-plugin.ts when Vite builds or serves it);
 * its preview pane renders the entry being edited with the site's own renderers and CSS.
 * On 127.0.0.1 or localhost (`npm run cms`) it edits the files of this clone through Decap's local
 * proxy, saving straight to content/; elsewhere it opens a pull request per edit on GitHub.
 * This starts Decap; /admin/'s parts, each a module of its own (docs/architecture.md), come with parts.ts.
 */
import "./decap/node-global.ts";
import "./decap/blank-entry.ts";
import built from "../src/generated/site.json";
import type { Site } from "../schemas/index.ts";
import { config } from "./config.ts";
import { start } from "./decap/decap.ts";
import { local } from "./decap/login.ts";
import { withZoneHints } from "./editor/zone-hints.ts";

const proxyPort = import.meta.env.VITE_CMS_PROXY_PORT ?? "8081";

// The site's settings as built, by the schema's type (as src/generated/index.d.ts declares them): the
// JSON's own inferred type is the content's, which lacks the optional fields it leaves out. Read here
// without index.js, whose every page's loader the login screen would download.
const site = built as unknown as Site;

/**
 * /admin/'s own parts (parts.ts: formats, checks, widgets, previews, screens), loaded once: when the
 * login screen is drawn and idle, or at once when Decap logs someone in (its login waits for them).
 * The login screen does not download them (docs/decisions/0047-admin-weight.md).
 */
let parts: Promise<void> | undefined;
const loadParts = () => (parts ??= import("./parts.ts").then((found) => found.registerParts()));

start(
  {
    ...config,
    // The pickers of Show from / Show until say the site's time zone (site.yaml, as built).
    collections: withZoneHints(config.collections, site.timeZone),
    // A login route without a server address is the site's own server (scripts/cms/repository.ts):
    // Decap takes the token only from a window of exactly `base_url`'s origin, this one.
    backend:
      config.backend.auth_endpoint && !config.backend.base_url
        ? { ...config.backend, base_url: window.location.origin }
        : config.backend,
    // The site's address, from its content as built (the configuration itself depends on the schemas only):
    // Decap's links to the site, which is at another address when /admin/ has its own (ADMIN_ORIGIN).
    ...(site.seo.siteUrl ? { site_url: site.seo.siteUrl, display_url: site.seo.siteUrl } : {}),
    load_config_file: false,
    // `npm run cms`: no login; each save writes the file in content/ (the proxy knows no pull requests).
    ...(local
      ? {
          local_backend: { url: `http://127.0.0.1:${proxyPort}/api/v1`, allowed_hosts: ["127.0.0.1", "localhost"] },
          publish_mode: "simple",
        }
      : {}),
  },
  { beforeLogin: loadParts },
);
