/**
 * The contract of each of Decap's internals that internals.ts lists, by its name: a check, run in a
 * browser on the installed Decap, that what /admin/ assumes of it holds. Not part of /admin/'s build
 * (main.tsx does not import it): tests/cms/decap-door.spec.ts imports it into a tab of /admin/ served
 * by `npm run cms`, where it shares Decap's instances with the page, and runs each stage where the
 * page is: `"logged in"`, at an entry's editor (`"entry"`, an entry with a list of at least one item)
 * and at a new entry's (`"new entry"`). A check throws, in words, what no longer holds. Lint allows
 * `any` here, as in decap.ts: these read Decap's untyped insides.
 */
import { pageContracts } from "./contracts-page.ts";
import { renameContracts } from "./contracts-rename.ts";
import { storeContracts } from "./contracts-store.ts";
import type { Check, Stage } from "./contract-kit.ts";
import { internals, type InternalName } from "./internals.ts";

export type { Stage } from "./contract-kit.ts";

export const contracts: Record<InternalName, Check> = { ...storeContracts, ...pageContracts, ...renameContracts };

/** Runs the contracts of `stage`: the names of those that fail, each with what no longer holds. */
export async function check(stage: Stage): Promise<string[]> {
  const failed: string[] = [];
  for (const { name } of internals) {
    const contract = contracts[name];
    if (contract.stage !== stage) continue;
    try {
      await contract.check();
    } catch (error) {
      failed.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failed;
}

/** The names in internals.ts, and those contracts holds a check for (the spec asks that they are the same). */
export const listed = () => ({ internals: internals.map((i) => i.name as string), contracts: Object.keys(contracts) });
export const stages: Stage[] = ["logged in", "entry", "new entry"];
