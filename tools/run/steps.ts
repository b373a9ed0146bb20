/**
 * The steps of `npm test`, the one list, and which of them read the content.
 *
 * A step that tests the content (`content: true`) runs on the project's own content/ in the fast lane
 * for a content-only change (`npm run test:content`), and on a copy with marketing edits applied
 * (`npm run test:edits`, the last step). The whole run (`npm test`) runs the content check on
 * content/ itself and the other content steps once, on the edited copy (`onEdits`). Every other step
 * runs in one copy of the project whose content/ is the launch content (tests/spec/launch-content,
 * frozen: run-steps.ts `fixtureCopy`), so no edit of content/ can reach it, and nothing needs to run
 * twice to prove that a valid edit never turns CI red. A new suite is a new line here; left without
 * `content`, it runs on the launch content, so it cannot escape the proof.
 *
 * CI runs the list cut in parts, each on a runner of its own (.github/workflows/ci.yml, the `test`
 * job's matrix: `parts`). The fast lane for a content-only change runs the content part in shares,
 * side by side (the `content` job), its `cut` steps each taking one share (`--shard=<i>/<n>`, which
 * Vitest and Playwright both take).
 */

/** The CI runners the list is cut into: each part is independent of the others (it builds what it needs). */
export const parts = ["content", "checks", "commands", "leads", "cms", "edits"] as const;
export type Part = (typeof parts)[number];

/**
 * The parts whose behaviour depends on Node's version, which CI runs on Node 22 as well as 24: the
 * server (sockets, streams, `pg`, PGlite) and the commands on a cold copy (V8's code cache of the
 * content CLI, worker threads, `npm start`). The others run code that Node only hosts (a browser, the
 * type checker, lint, tests of pure functions), the same on any supported version.
 */
export const nodeDependent: readonly Part[] = ["commands", "leads"];

export interface Step {
  label: string;
  script: string;
  part: Part;
  /**
   * It tests the content: runs on the project's content/, in the fast lane, and again on the
   * marketing edits. Without it, the step runs on the launch content in a copy of the project.
   */
  content?: boolean;
  /** Cut over the fast lane's shares (`--shard=<i>/<n>` passed to its script). */
  cut?: boolean;
  /** Runs in every share of its part, not only the first: what the cut steps need (the build). */
  everyShare?: boolean;
  /**
   * Runs side by side with the consecutive steps that are `beside` too (run-steps.ts), its output
   * held and printed whole when it ends: for checks of one or two threads that leave each other room
   * on two cores and wait on no clock (a compiler, a linter), never for a browser's or a server's tests.
   */
  beside?: boolean;
  /**
   * Runs behind the steps after it, at the lowest CPU priority (run-steps.ts): it takes only the cores
   * they leave idle (a browser's tests leave about a third of two), its output held and printed whole
   * when it ends; the run waits for it before its summary, and a failure stops every step not yet begun.
   * For checks that can be slowed without failing: they compute and wait on no clock (a compiler, a
   * linter) or only with bounds of minutes (commands that build); placed before the browser steps
   * whose idle time they fill; never a browser's or a server's tests, nor tests with bounds of seconds.
   */
  behind?: boolean;
  /**
   * In the whole run (`npm test`, no part asked for), a content step that runs once, on the marketing
   * edits (`test:edits`: a copy of content/ with the edits applied), and not on content/ before them:
   * the edited copy holds all of content/ and more, so a run on content/ alone proves nothing the
   * edits' run does not, at the price of the suite's dearest steps (307 s of a whole run of 1,521 s,
   * the browser tests among them: docs/decisions/0052-content-steps-once-in-the-whole-run.md). The content
   * part (`--part=content`, the fast lane) runs it on content/ itself; the content check, the one
   * step whose words name the marketer's own files, runs on both in the whole run too.
   */
  onEdits?: boolean;
}

/**
 * In the order they run. The steps `behind` sit before the browser steps whose idle cores they fill:
 * the type check, lint and the commands that build on a fresh copy, behind everything after them
 * (in the whole run, from the unit tests on, the build and the browser tests running on the edits;
 * behind the leads' tests, /admin/'s and the edits' alone, the builds were the run's last step on
 * a machine two and a half times slower; from the start, they take the idle cores of every step).
 * The unit tests and the content's component tests stay in front: some of their tests bound a wait by
 * seconds (a dev server's rebuild, Vitest's 30 s), which a step behind cannot promise.
 */
export const testSteps: Step[] = [
  { label: "content check", script: "content:check", part: "content", content: true },
  {
    label: "component and pre-render tests of the content",
    script: "test:unit:content",
    part: "content",
    content: true,
    cut: true,
    onEdits: true,
  },
  // Not a step of the content: the generated modules' types are the schemas' (src/generated/index.d.ts),
  // whatever the content says, and nothing imports the generated JSON itself.
  { label: "type check", script: "typecheck", part: "checks", behind: true },
  { label: "lint and formatting", script: "lint", part: "checks", behind: true },
  {
    label: "a fresh copy, cold: install, content, npm start, the guides",
    script: "test:builds",
    part: "commands",
    behind: true,
  },
  { label: "build and pre-render", script: "build", part: "content", content: true, everyShare: true, onEdits: true },
  { label: "size budget", script: "size", part: "content", content: true, onEdits: true },
  {
    label: "browser tests, axe, HTML, hosting",
    script: "test:e2e",
    part: "content",
    content: true,
    cut: true,
    onEdits: true,
  },
  { label: "unit tests", script: "test:unit", part: "checks" },
  { label: "a preview built and served under /pr-123/", script: "test:preview", part: "checks" },
  { label: "every script and benchmark, as typed", script: "test:commands", part: "commands" },
  { label: "lead endpoint and admin login", script: "test:leads", part: "leads" },
  { label: "editing in /admin/ (Decap CMS)", script: "test:cms", part: "cms" },
  { label: "the content steps on content/ with marketing edits", script: "test:edits", part: "edits" },
];

/** The steps that test the content: the fast lane, and what test:edits runs on the edited copy. */
export const contentSteps: Step[] = testSteps.filter((step) => step.content);

export interface Selection {
  /** The parts asked for (`--part=<part>`, repeatable, or `--part=<a>,<b>`); empty: every part. */
  parts: Part[];
  /** One share of a part (`--shard=<i>/<n>`, or in the part's name: `content 2/2`). */
  shard?: string;
}

/** What of the list the arguments ask for. */
export function selectionOf(argv: readonly string[]): Selection {
  const asked = argv
    .filter((arg) => arg.startsWith("--part="))
    .flatMap((arg) => arg.slice("--part=".length).split(","))
    .map((name) => name.trim().split(" "));
  let shard = argv.find((arg) => arg.startsWith("--shard="))?.slice("--shard=".length);
  const chosen: Part[] = [];
  for (const [part, inName] of asked) {
    if (!(parts as readonly string[]).includes(part!))
      throw new Error(`--part=${part}: the parts are ${parts.join(", ")}`);
    if (!chosen.includes(part as Part)) chosen.push(part as Part);
    shard = inName ?? shard;
  }
  if (shard !== undefined) {
    if (chosen.length !== 1)
      throw new Error(`--shard=${shard} needs one --part=<part>: the parts are ${parts.join(", ")}`);
    const [i, n] = shard.split("/").map(Number);
    if (!Number.isInteger(i) || !Number.isInteger(n) || i! < 1 || i! > n!)
      throw new Error(`--shard=${shard}: write <i>/<n>, for example --shard=1/2`);
  }
  return { parts: chosen, shard };
}

/**
 * The steps of one share (`<i>/<n>`): the cut ones, those needed in every share, and in the first
 * share the others too, so nothing runs twice. Without a share: every step.
 */
export function inShare(steps: readonly Step[], shard: string | undefined): Step[] {
  return steps.filter((step) => !shard || step.cut || step.everyShare || shard.startsWith("1/"));
}

/**
 * The steps the arguments ask for, in the list's order: the parts' steps, in the share asked for; with
 * no part asked for, the whole run: every step but those it runs on the marketing edits only (`onEdits`).
 */
export function stepsOf(argv: readonly string[], steps: readonly Step[] = testSteps): Step[] {
  const { parts: chosen, shard } = selectionOf(argv);
  return inShare(
    steps.filter((step) => (chosen.length === 0 ? !step.onEdits : chosen.includes(step.part))),
    shard,
  );
}
