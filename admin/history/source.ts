/**
 * Where /admin/'s history is read (schemas/history.ts): with `npm run cms`, this clone's Git history
 * through the development server; elsewhere GitHub's API with the editor's own login, on the
 * configuration's repository and branch (and its `api_root`: a GitHub Enterprise host, the tests'
 * stand-in). Without a login, an Error in words.
 */
import type { HistorySource } from "../../schemas/history.ts";
import { gitHub } from "../../scripts/github/client.ts";
import { config } from "../config.ts";
import { local, storedToken } from "../login.ts";
import { gitHubHistory } from "./github-source.ts";
import { localHistory } from "./local-source.ts";

let made: { token: string | undefined; source: HistorySource } | undefined;

/** The history's source for the login held now (the same one while it holds: its answers are kept). */
export function historySource(): HistorySource {
  const token = local ? undefined : storedToken();
  if (made && made.token === token) return made.source;
  if (!local && !token) throw new Error("The history cannot be read: sign in to the content editor again.");
  const { repo, branch, api_root: api = "https://api.github.com" } = config.backend;
  const source = local ? localHistory() : gitHubHistory({ client: gitHub({ api, token: token! }), repo, branch });
  made = { token, source };
  return source;
}
