/**
 * The shape of the editing UI's configuration (Decap CMS's config.yml, as an object): its fields,
 * collections and backend. scripts/cms/config.ts makes one; /admin/ reads its fields.
 */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  hint?: string;
  required?: boolean;
  default?: unknown;
  pattern?: [string, string];
  options?: string[];
  min?: number;
  max?: number;
  value_type?: "int" | "float";
  fields?: CmsField[];
  field?: CmsField;
  types?: (CmsField & { summary?: string })[];
  typeKey?: string;
  summary?: string;
  collapsed?: boolean;
  label_singular?: string;
  collection?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  options_length?: number;
  format?: string;
  date_format?: string;
  time_format?: boolean | string;
  choose_url?: boolean;
  [key: string]: unknown;
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  description?: string;
  folder?: string;
  extension?: string;
  format?: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
  fields?: CmsField[];
}

export interface CmsConfig {
  backend: {
    name: string;
    repo: string;
    branch: string;
    base_url?: string;
    auth_endpoint?: string;
    api_root?: string;
  };
  publish_mode?: string;
  slug?: { encoding: "unicode" | "ascii"; clean_accents: boolean; sanitize_replacement: string };
  media_folder: string;
  public_folder: string;
  site_url?: string;
  locale?: string;
  collections: CmsCollection[];
}
