/**
 * /admin/'s configuration, generated from the schemas by scripts/cms/vite-plugin.ts. Typed in
 * admin/config.ts: a declaration like this one cannot name a type by a relative path.
 */
declare module "virtual:cms-config" {
  const config: unknown;
  export default config;
}
