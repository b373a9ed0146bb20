/**
 * What each variable the server reads means, for the people who run it: the operations guide's table
 * (docs/operations.md, "Variables") is made from this and from what the server's configuration
 * actually reads (`readConfiguration` in server/run.ts), by tools/docs/server-variables.ts. A variable
 * read and not described here, or described and no longer read, fails the test of that table
 * (tests/lint/server-variables.test.ts). In the table's order: the server, leads, the admin login and
 * the inbox, alerts, logs and stopping, tuning, former names.
 */
export interface Variable {
  /** A value an operator might set, as written in an environment file. */
  example: string;
  /** Its default, then what it does, in a line or two of Markdown. */
  meaning: string;
}

export const variables: Record<string, Variable> = {
  PORT: { example: "8080", meaning: "4173 (`npm start`), 4174 (`leads:serve`); `0`: any free port" },
  HOST: { example: "0.0.0.0", meaning: "`127.0.0.1`: only this machine (put nginx or a load balancer in front)" },
  LEADS: { example: "off", meaning: "`on`; `off`: pages only, no endpoint" },
  BASE_PATH: {
    example: "/pr-123/",
    meaning:
      "`/`: the path the site was built under (`BASE_PATH=/pr-123/ npm run build`, a preview); set the same for `npm run serve`, and for the alerts' link to the Leads screen",
  },
  SMTP_URL: {
    example: "smtps://leads:secret@mail.example.com:465",
    meaning:
      "none (e-mails wait, then fail); `smtp://…:587` must use STARTTLS (another machine offering none stops the start, exit 78; `smtp://` to this machine need not). A refused login stops the start, a server that is down is a warning",
  },
  LEADS_EMAIL_FROM: { example: "Website <leads@example.com>", meaning: "the support address in `content/site.yaml`" },
  LEADS_EMAIL_TO: {
    example: "sales@example.com,ops@example.com",
    meaning: "the content's `recipients`; `none`: no e-mail",
  },
  LEADS_WEBHOOK_URL: {
    example: "https://hooks.example.com/leads",
    meaning: "the content's `webhooks`; `none`: no webhook. `https://` only (`http://` to this machine only)",
  },
  LEADS_WEBHOOK_SECRET: {
    example: "$(openssl rand -hex 32)",
    meaning:
      'none (webhooks wait); at least 16 characters: signs them, `X-Lead-Signature: sha256=HMAC-SHA256(secret, "<X-Lead-Timestamp>.<body>")`, `Idempotency-Key: <lead id>`',
  },
  DATABASE_URL: {
    example: "postgres://leads:secret@db.example.com/leads",
    meaning:
      "none: the embedded database. Credentials are checked at start; a PostgreSQL that is down is a warning (see [Health](#health))",
  },
  LEADS_DB_POOL: { example: "20", meaning: "10 connections to PostgreSQL per process" },
  LEADS_DATA_DIR: {
    example: "/var/lib/site/leads",
    meaning: "`.data/leads`: the embedded database (without `DATABASE_URL`); owner-only; back it up",
  },
  LEADS_IP_KEY: {
    example: "$(openssl rand -hex 32)",
    meaning:
      "the key of the visitors' address hashes (HMAC), at least 16 characters, never in the database; the same on every instance",
  },
  LEADS_IP_KEY_FILE: {
    example: "/etc/site/leads-ip.key",
    meaning:
      "where the key is made and kept when `LEADS_IP_KEY` is not set: `~/.config/remote-it-support-site/leads-ip.key` (`$XDG_CONFIG_HOME` when set; a warning says so); never inside `LEADS_DATA_DIR`",
  },
  TRUST_PROXY: {
    example: "1",
    meaning:
      "`0`; `1` when the server is reached only through nginx or a load balancer (it listens where nothing else reaches it): the one setting for what the server believes of the proxy in front, the visitor's address from `X-Forwarded-For` and the address reached from `X-Forwarded-Host` and `X-Forwarded-Proto`, for the lead endpoint, the inbox, the login and `ADMIN_ORIGIN`'s host alike (`deploy/nginx.conf` sets them)",
  },
  LEADS_ALLOWED_ORIGINS: {
    example: "https://www.example.com",
    meaning: "none: other origins allowed to post (the site and the endpoint on different host names)",
  },
  GITHUB_CLIENT_ID: {
    example: "Ov23liAbCdEfGh123456",
    meaning:
      "none: the OAuth app's client id for /admin/'s login, with `GITHUB_CLIENT_SECRET` (both or neither; neither: the login page names them)",
  },
  GITHUB_CLIENT_SECRET: {
    example: "(from GitHub)",
    meaning:
      "none: the OAuth app's client secret; sent to GitHub's token endpoint only, never logged, never in a page or the build",
  },
  GITHUB_SCOPE: {
    example: "public_repo",
    meaning: "`repo` (what Decap needs for a private repository); `public_repo` when the site's repository is public",
  },
  AUTH_ORIGIN: {
    example: "https://www.example.com",
    meaning:
      "none: the site's address (scheme and host, no path): the login answers there only and GitHub's callback is built from it. Unset: `localhost` only, with a warning",
  },
  ADMIN_ORIGIN: {
    example: "https://admin.example.com",
    meaning:
      "none: `/admin/` and the login on an address of their own (set it for the build too): served at that host only, the site at any other; the login's address (`AUTH_ORIGIN` unset, or the same). The setup whenever a Tag Manager container is set",
  },
  GITHUB_AUTH_ORIGINS: {
    example: "https://example.com",
    meaning:
      "none: exact origins besides `AUTH_ORIGIN` where /admin/ may run, the login be reached and the token be handed over",
  },
  GITHUB_URL: {
    example: "https://github.example.com",
    meaning: "`https://github.com`: a GitHub Enterprise host (https; http only to this machine, for tests)",
  },
  CMS_REPO: {
    example: "example-org/example-site",
    meaning:
      "none: the repository whose editors (push permission) may use the leads inbox; without it the inbox answers 503 naming it",
  },
  CMS_API_ROOT: {
    example: "https://github.example.com/api/v3",
    meaning:
      "`https://api.github.com`: where the inbox asks whether a token may push (https; http only to this machine, for tests)",
  },
  LEADS_INBOX_LOCAL: {
    example: "1",
    meaning:
      "`0`; `1`: the inbox answers requests from this machine (127.0.0.1, ::1, not through a proxy, not from a page of another site) without a token, as `npm run cms` needs",
  },
  LEADS_INBOX_CACHE_MS: {
    example: "30000",
    meaning: "60000 (at most): how long GitHub's answer about a token is kept, so a revoked one is refused within it",
  },
  LEADS_INBOX_RATE_LIMIT: {
    example: "600",
    meaning: "300 inbox requests per address per `LEADS_INBOX_RATE_WINDOW_MS`",
  },
  LEADS_INBOX_RATE_WINDOW_MS: { example: "60000", meaning: "60000" },
  LEADS_ALERT_TO: {
    example: "ops@example.com",
    meaning:
      "the lead recipients: where an alert goes when a delivery target has failed past `LEADS_ALERT_AFTER`, and when it recovers",
  },
  LEADS_ALERT_AFTER: {
    example: "30m",
    meaning: "`1h`: how long a target may fail before the alert (`s`, `m`, `h`)",
  },
  LOG_FORMAT: {
    example: "json",
    meaning: "`text`; `json`: one JSON object a line (`time`, `level`, `msg`, fields) for a log collector",
  },
  LOG_LEVEL: { example: "warn", meaning: "`info` (`debug`, `info`, `warn`, `error`)" },
  SHUTDOWN_TIMEOUT_MS: { example: "20000", meaning: "10000: how long a stop waits for requests in flight" },
  LEADS_READY_WAIT_MS: {
    example: "5000",
    meaning: "10000: how long a post waits for the database (starting, or taken over) before 503",
  },
  DEBUG: { example: "1", meaning: "unset; set (or `--verbose`): a refused start prints its stack trace too" },
  LEADS_RATE_LIMIT: { example: "20", meaning: "10 posts per address per `LEADS_RATE_WINDOW_MS`" },
  LEADS_RATE_WINDOW_MS: { example: "600000", meaning: "600000" },
  LEADS_MIN_SUBMIT_MS: {
    example: "1000",
    meaning:
      "600: a post sooner than this after the visitor's first touch of the form is spam ([decision 0033](decisions/0033-leads-inbox-and-the-spam-rules.md))",
  },
  LEADS_DEDUPE_WINDOW_MS: {
    example: "600000",
    meaning: "600000: the same form, choice, e-mail and phone within it is one lead",
  },
  LEADS_MAX_BODY_BYTES: { example: "16384", meaning: "16384 (at least 1024): a larger post is refused" },
  LEADS_RETRY_BASE_MS: {
    example: "30000",
    meaning: "30000: the first retry of a delivery, doubling up to `LEADS_RETRY_CAP_MS`",
  },
  LEADS_RETRY_CAP_MS: { example: "3600000", meaning: "3600000" },
  LEADS_MAX_ATTEMPTS: { example: "12", meaning: "12, then the delivery is `failed`" },
  LEADS_SEND_TIMEOUT_MS: { example: "15000", meaning: "15000: how long one attempt (SMTP or webhook) may take" },
  LEADS_LEASE_MS: {
    example: "120000",
    meaning:
      "120000; at least three send timeouts, or the start is refused: a lead still being sent when its claim ends would be sent again",
  },
  LEADS_POLL_MS: { example: "2000", meaning: "2000: how often the outbox looks for deliveries due" },
  LEADS_IP_SALT: {
    example: "(the old value)",
    meaning: "the former name of `LEADS_IP_KEY`, read as it with a warning",
  },
  LEADS_TRUST_PROXY: {
    example: "1",
    meaning: "a former name of `TRUST_PROXY`, read as it with a warning (refused when the two disagree)",
  },
  AUTH_TRUST_PROXY: {
    example: "1",
    meaning: "a former name of `TRUST_PROXY`, read as it with a warning (refused when the two disagree)",
  },
};
