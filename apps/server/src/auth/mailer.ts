/**
 * Outgoing mail (password reset, email verification). With SMTP_URL, nodemailer sends it; without,
 * it lands in the outbox table, which /dev/mailbox shows outside production.
 */
import { type Db, schema } from "@lumen/db";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function outboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db.insert(schema.mailOutbox).values(mail);
    },
    close() {},
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      transport.close();
    },
  };
}

export function passwordResetMail(options: {
  to: string;
  link: string;
  productName: string;
}): Mail {
  return {
    to: options.to,
    subject: `Reset your ${options.productName} password`,
    text: [
      "Hello,",
      "",
      `Someone asked to reset the password of your ${options.productName} account. To choose a new password, open this link within an hour:`,
      "",
      options.link,
      "",
      "If it was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function verifyEmailMail(options: { to: string; link: string; productName: string }): Mail {
  return {
    to: options.to,
    subject: `Confirm your email for ${options.productName}`,
    text: [
      "Hello,",
      "",
      `Confirm that this is your address by opening this link within a day:`,
      "",
      options.link,
      "",
      `If you did not create a ${options.productName} account, ignore this mail.`,
    ].join("\n"),
  };
}
