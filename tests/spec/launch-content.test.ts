/**
 * `npm run check:spec`: a content folder still says what the launch requirements say (the checks:
 * launch-checks.ts): content/, or the folder CONTENT_DIR names (tests/commands runs it on the launch
 * content kept in tests/spec/launch-content/). Not part of `npm test`: marketing may move on from them.
 */
import { join, resolve } from "node:path";
import { checkLaunchContent } from "./launch-checks.ts";

const dir = process.env.CONTENT_DIR
  ? resolve(process.env.CONTENT_DIR)
  : join(import.meta.dirname, "..", "..", "content");
checkLaunchContent(dir, process.env.CONTENT_DIR ? dir : "the shipped content");
