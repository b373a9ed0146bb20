/**
 * The few modules of Decap CMS's own source that tests/cms/ runs (Decap publishes no types for them):
 * its configuration check, its widget registry and its slug rules (config.test.ts), its summary
 * templates (section-summary.test.ts).
 */
declare module "decap-cms-core/dist/esm/constants/configSchema.js" {
  /** Throws an Error listing every problem when Decap would refuse the configuration. */
  export function validateConfig(config: unknown): void;
}

declare module "decap-cms-core/dist/esm/lib/registry.js" {
  export function registerWidget(name: string, control: unknown, preview?: unknown, schema?: object): void;
}

declare module "decap-cms-core/dist/esm/lib/formatters.js" {
  /** What Decap turns one part of a file name template (here `{{slug}}`: the title) into. */
  export function getProcessSegment(slugConfig?: object): (value: string) => string;
}

declare module "decap-cms-lib-widgets/dist/esm/stringTemplate.js" {
  /** A summary template ("{{fields.heading}}", filters such as `| ternary('a', 'b')`) filled from an item's fields. */
  export function compileStringTemplate(template: string, date: null, identifier: string, data: unknown): string;
}
