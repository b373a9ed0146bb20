/**
 * `npm run check:spec`: the shipped content still says what the launch requirements say (the checks:
 * launch-checks.ts). Not part of `npm test`: marketing may move on from them.
 */
import { join } from "node:path";
import { checkLaunchContent } from "./launch-checks.ts";

checkLaunchContent(join(import.meta.dirname, "..", "..", "content"), "the shipped content");
