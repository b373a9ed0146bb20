/**
 * The generator of /admin/'s configuration: a virtual module, `virtual:cms-config`, made from the
 * schemas (config.ts) and where the CMS opens pull requests (repository.ts) whenever Vite builds or
 * serves /admin/. The content pipeline does not write it: a content build depends on neither the CMS
 * nor the git remote. The site's address (`site_url`) is added by /admin/ from the content it loads.
 */
import type { Plugin } from "vite";
import { cmsConfig, cmsOptions } from "./config.ts";

const id = "virtual:cms-config";
const resolved = `\0${id}`;

export function cmsConfigPlugin(): Plugin {
  return {
    name: "cms-config",
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (module) =>
      module === resolved ? `export default ${JSON.stringify(cmsConfig(cmsOptions()), null, 2)};\n` : undefined,
  };
}
