/** A real SMTP server (smtp-server from npm) on 127.0.0.1 for the tests: it keeps every message it accepts. */
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
  start(): Promise<void>;
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
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    stop: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
