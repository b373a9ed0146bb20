/**
 * Where /admin/'s history comes from, as Decap's backend: with `npm run cms` (on 127.0.0.1 or
 * localhost: `local` in login.ts) this clone's Git history through the development server; elsewhere
 * GitHub's REST API with the editor's own login (the token Decap keeps), on the configuration's
 * repository and branch (and `api_root`, for GitHub Enterprise or the tests' stand-in). One source
 * per login, kept while /admin/ is open: a screen opened again asks GitHub conditionally (ETag), and
 * commits already read are not asked again.
 */
import type { HistorySource } from "../../../schemas/history.ts";
import { gitHub } from "../../../scripts/github/client.ts";
import { config } from "../../config.ts";
import { local, storedToken } from "../../decap/login.ts";
import { gitHubHistory } from "./github-source.ts";
import { localHistory } from "./local-source.ts";

let made: { token: string | undefined; source: HistorySource } | undefined;

/** The history's source for the login held now (the same one while it holds: its answers are kept). */
export function historySource(): HistorySource {
  const token = local ? undefined : storedToken();
  if (made && made.token === token) return made.source;
  if (!local && !token)
    throw new Error("Sign in to the content editor with GitHub first: the history is read with your login.");
  const { repo, branch, api_root: api = "https://api.github.com" } = config.backend;
  const source = local ? localHistory() : gitHubHistory({ client: gitHub({ api, token: token! }), repo, branch });
  made = { token, source };
  return source;
}
