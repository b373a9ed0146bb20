/**
 * `npm run check:spec` cannot rot: its checks run here, in `npm test`, on a copy of the launch content
 * (tests/spec/launch-content/), which only changes when the content model does.
 */
import { join } from "node:path";
import { checkLaunchContent } from "../spec/launch-checks.ts";

checkLaunchContent(join(import.meta.dirname, "..", "spec", "launch-content"), "the launch content (fixture)");
