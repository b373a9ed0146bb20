/**
 * A real SMTP server (smtp-server from npm) on 127.0.0.1 for the tests: it keeps every message it
 * accepts. It can be stopped and started again on its port (a mail server down for a while).
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The lead's id, from the X-Lead-Id header. */
  leadId?: string;
}

export interface SmtpReceiver {
  mails: ReceivedMail[];
  url: string;
  /** Listens (again); a no-op while it listens. */
  start(): Promise<void>;
  /** Stops listening once the connections open end; a no-op while stopped. */
  stop(): Promise<void>;
}

export function smtpReceiver(port: number): SmtpReceiver {
  const mails: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    start: () =>
      new Promise((resolve, reject) => {
        if (server) return resolve();
        server = new SMTPServer({
          authOptional: true,
          disabledCommands: ["STARTTLS"],
          logger: false,
          onData(stream, session, callback) {
            const chunks: Buffer[] = [];
            stream.on("data", (chunk: Buffer) => chunks.push(chunk));
            stream.on("end", () => {
              const raw = Buffer.concat(chunks).toString("utf8");
              mails.push({
                to: session.envelope.rcptTo.map((r) => r.address),
                raw,
                leadId: /^X-Lead-Id: (.+)$/im.exec(raw)?.[1]?.trim(),
              });
              callback();
            });
          },
        });
        let listening = false;
        // Once listening, an error is a client's connection ending mid-session (a sender killed on
        // purpose, ECONNRESET), which a real receiver outlives too: not the test's failure.
        server.on("error", (error) => {
          if (!listening) reject(error);
        });
        server.listen(port, "127.0.0.1", () => {
          listening = true;
          resolve();
        });
      }),
    stop: () =>
      new Promise((resolve) => {
        const running = server;
        server = undefined;
        if (running) running.close(() => resolve());
        else resolve();
      }),
  };
}
