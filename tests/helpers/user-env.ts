/**
 * The environment of a user's shell: this process's, without what the test runner adds (NODE_ENV=test
 * would make Vite bundle React's development build, VITEST_* would make a nested Vitest think it is
 * a worker). For tests that run the project's commands as a user types them.
 */
export const userEnv: Record<string, string | undefined> = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !name.startsWith("VITEST") && name !== "TEST"),
);
