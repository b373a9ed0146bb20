/** /admin/'s configuration, generated from the schemas by scripts/cms/vite-plugin.ts. */
declare module "virtual:cms-config" {
  import type { CmsConfig } from "../scripts/cms/config.ts";
  const config: CmsConfig;
  export default config;
}
