/** The table of kinds (schemas/kinds.ts), as rows of any kind: what /admin/ looks its collections up in. */
import { contentKinds as table, type KindTable } from "../../schemas/index.ts";

export const contentKinds: KindTable = table;
