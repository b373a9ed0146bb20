/**
 * Which paths a .gitignore file ignores, by git's rules (gitignore(5)): blank lines and `#` comments
 * skipped, `!` re-includes, a trailing `/` matches folders only, a `/` at the start or in the middle
 * anchors the pattern to the file's folder (else it matches at any depth), `*` and `?` match within
 * one path segment, `[…]` a set, and `**` between slashes, or at either end, any number of folders. The last
 * pattern that matches decides. As in git, a path inside an ignored folder is ignored whatever
 * follows: the caller does not look inside that folder.
 * In: the file's text. Out: `(path, isFolder) => ignored`, the path relative to the file's folder with `/`.
 */
const special = /[.+^${}()|\\]/;

function toRegExp(pattern: string): RegExp {
  const anchored = pattern.includes("/");
  const text = pattern.replace(/^\//, "");
  let body = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (text.startsWith("**/", i) && (i === 0 || text[i - 1] === "/")) {
      body += "(?:.*/)?";
      i += 2;
    } else if (text.startsWith("/**", i) && i + 3 === text.length) {
      body += "/.*";
      i += 2;
    } else if (c === "*") body += "[^/]*";
    else if (c === "?") body += "[^/]";
    else if (c === "[" && text.indexOf("]", i + 2) > i) {
      const end = text.indexOf("]", i + 2);
      const set = text.slice(i + 1, end).replace(/^!/, "^");
      body += `[${set.replace(/\\/g, "\\\\")}]`;
      i = end;
    } else if (c === "\\" && i + 1 < text.length) {
      const next = text[++i]!;
      body += special.test(next) || /[*?[\]]/.test(next) ? `\\${next}` : next;
    } else body += special.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${anchored ? "" : "(?:.*/)?"}${body}$`);
}

export function gitignore(text: string): (path: string, isFolder: boolean) => boolean {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.replace(/(?<!\\)\s+$/, ""))
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const negated = line.startsWith("!");
      const unescaped = negated ? line.slice(1) : line.replace(/^\\([#!])/, "$1");
      const foldersOnly = unescaped.endsWith("/");
      return { negated, foldersOnly, match: toRegExp(foldersOnly ? unescaped.slice(0, -1) : unescaped) };
    });
  return (path, isFolder) => {
    let ignored = false;
    for (const rule of rules) if ((!rule.foldersOnly || isFolder) && rule.match.test(path)) ignored = !rule.negated;
    return ignored;
  };
}
