import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  kind: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * Every mail is written to the outbox table (the record of what was sent, and the only channel
 * when no SMTP server is configured); with SMTP_URL it is also delivered.
 */
export interface Mailer {
  send(db: DbOrTx, mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl, { from: options.from }) : null;
  return {
    async send(db, mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ kind: mail.kind, toAddress: mail.to, subject: mail.subject, bodyText: mail.text })
        .returning({ mailId: mailOutbox.mailId });
      if (!transport || !row) return;
      // Delivery happens after the caller's transaction; a failure is recorded, not thrown at the user.
      void transport
        .sendMail({ to: mail.to, subject: mail.subject, text: mail.text })
        .then(() => ({ sentAt: new Date(), error: null }))
        .catch((err: Error) => ({ sentAt: null, error: err.message }))
        .then((outcome) => db.update(mailOutbox).set(outcome).where(eq(mailOutbox.mailId, row.mailId)))
        .catch(() => undefined);
    },
    close() {
      transport?.close();
    },
  };
}
