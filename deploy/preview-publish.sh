#!/usr/bin/env bash
# Publishes a pull request's preview: dist/, built with BASE_PATH=<the preview's path> (CI's preview
# job, .github/workflows/ci.yml), as the folder $PREVIEW_NAME (pr-123) of the place previews live.
# Which place is the repository variable PREVIEW_TARGET (docs/previews.md says how to set each up):
#   github-pages      the gh-pages branch of this repository, one folder per pull request
#   cloudflare-pages  a Cloudflare Pages project (wrangler), one branch deployment per pull request
#   rsync             a plain web server over SSH: rsync into PREVIEW_RSYNC_DEST/pr-123/
# Secrets come from the environment only and are never printed.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${PREVIEW_NAME:?set PREVIEW_NAME to the folder of the preview, e.g. pr-123}"
[[ "$PREVIEW_NAME" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "PREVIEW_NAME must be a plain folder name, not \"$PREVIEW_NAME\"" >&2; exit 1; }
[ -f dist/index.html ] || { echo "dist/ is missing: build it first (BASE_PATH=/…/$PREVIEW_NAME/ npm run build)" >&2; exit 1; }

# The site as a host's root holds it: the preview in its folder; the hosts' rules (written under the
# preview's path by the build) at the root, where Cloudflare Pages reads them.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R dist "$stage/$PREVIEW_NAME"

case "${PREVIEW_TARGET:-}" in
  github-pages)
    # GitHub Pages serves files only: no _headers, _redirects or nginx parts (it ignores them).
    rm -rf "$stage/$PREVIEW_NAME/_headers" "$stage/$PREVIEW_NAME/_redirects" "$stage/$PREVIEW_NAME/_nginx"
    pages=$(mktemp -d)
    if git fetch --quiet origin gh-pages 2>/dev/null; then
      git worktree add --quiet --detach "$pages" FETCH_HEAD
    else
      git worktree add --quiet --detach "$pages"
      git -C "$pages" checkout --quiet --orphan gh-pages
      git -C "$pages" rm -rfq .
    fi
    rm -rf "${pages:?}/$PREVIEW_NAME"
    cp -R "$stage/$PREVIEW_NAME" "$pages/$PREVIEW_NAME"
    touch "$pages/.nojekyll"
    git -C "$pages" add -A
    git -C "$pages" -c user.name="preview bot" -c user.email="preview@localhost" commit --quiet -m "Preview $PREVIEW_NAME" || true
    # Two pull requests may publish at once: take the other's commit and try again.
    for attempt in 1 2 3; do
      git -C "$pages" push --quiet origin HEAD:gh-pages && break
      [ "$attempt" = 3 ] && { echo "could not push the preview to gh-pages" >&2; exit 1; }
      git -C "$pages" pull --quiet --rebase origin gh-pages
    done
    git worktree remove --force "$pages"
    ;;
  cloudflare-pages)
    : "${CLOUDFLARE_API_TOKEN:?set the CLOUDFLARE_API_TOKEN secret}" "${CLOUDFLARE_ACCOUNT_ID:?set the CLOUDFLARE_ACCOUNT_ID variable}" "${CLOUDFLARE_PROJECT:?set the CLOUDFLARE_PROJECT variable}"
    for file in _headers _redirects 404.html; do cp "$stage/$PREVIEW_NAME/$file" "$stage/$file"; done
    rm -rf "$stage/$PREVIEW_NAME/_nginx"
    npx --yes wrangler@4.164.0 pages deploy "$stage" --project-name="$CLOUDFLARE_PROJECT" --branch="$PREVIEW_NAME" --commit-dirty=true
    ;;
  rsync)
    : "${PREVIEW_RSYNC_DEST:?set the PREVIEW_RSYNC_DEST variable (user@host:/srv/previews)}" "${PREVIEW_SSH_KEY:?set the PREVIEW_SSH_KEY secret}"
    key=$(mktemp)
    known=$(mktemp)
    trap 'rm -rf "$stage" "$key" "$known"' EXIT
    printf '%s\n' "$PREVIEW_SSH_KEY" > "$key"
    chmod 600 "$key"
    printf '%s\n' "${PREVIEW_SSH_KNOWN_HOSTS:?set the PREVIEW_SSH_KNOWN_HOSTS variable (ssh-keyscan of the host)}" > "$known"
    rsync -a --delete -e "ssh -i $key -o UserKnownHostsFile=$known -o StrictHostKeyChecking=yes" \
      "$stage/$PREVIEW_NAME/" "${PREVIEW_RSYNC_DEST%/}/$PREVIEW_NAME/"
    ;;
  *)
    echo "PREVIEW_TARGET must be github-pages, cloudflare-pages or rsync, not \"${PREVIEW_TARGET:-}\" (docs/previews.md)" >&2
    exit 1
    ;;
esac
echo "published $PREVIEW_NAME ($PREVIEW_TARGET)"
