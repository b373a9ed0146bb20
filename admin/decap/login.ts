/**
 * The login /admin/ holds, as Decap keeps it: its user, token included, in localStorage under
 * "decap-cms-user". With `npm run cms` (`local`: /admin/ on this machine) the local proxy's user has
 * no token. What the Leads screen and the history send to their APIs.
 */

/** /admin/ on this machine (`npm run cms`): it edits this clone through Decap's local proxy. */
export const local = ["127.0.0.1", "localhost"].includes(window.location.hostname);

/** The GitHub token Decap's login holds, if someone is logged in with one. */
export function storedToken(): string | undefined {
  try {
    const user = JSON.parse(localStorage.getItem("decap-cms-user") ?? "null") as { token?: unknown } | null;
    return typeof user?.token === "string" && user.token ? user.token : undefined;
  } catch {
    return undefined;
  }
}

/** Whether /admin/ has someone logged in (with `npm run cms`, the local proxy's user has no token). */
export const signedIn = () => localStorage.getItem("decap-cms-user") !== null;
