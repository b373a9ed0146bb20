/** /admin/'s configuration for Decap, as generated from the schemas (`virtual:cms-config`, scripts/cms/config.ts). */
import generated from "virtual:cms-config";
import type { CmsConfig } from "../scripts/cms/types.ts";

export const config = generated as CmsConfig;
