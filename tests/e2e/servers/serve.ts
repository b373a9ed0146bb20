/**
 * `npm start`'s server (server/serve.ts, the same `main`) for the browser tests and the preview's, on
 * a lead folder that starts as a copy of a new database made once a run
 * (tests/helpers/pglite-template.ts) instead of PGlite's initdb at every start. A start on a really
 * new folder, initdb included, is the commands' `npm start` on a clean clone.
 */
import { main } from "../../../server/serve.ts";
import { seedDataDir } from "../../helpers/pglite-template.ts";

await seedDataDir(process.env);
await main(process.argv.slice(2));
