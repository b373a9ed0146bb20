/**
 * Who is logged in to /admin/, as Decap keeps it: its user, GitHub token included, in localStorage
 * under "decap-cms-user". Read by the screens beside Decap's (Leads, Recent changes), which send the
 * token to the leads inbox or to GitHub's API.
 */

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
