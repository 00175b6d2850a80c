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
      `Once it is confirmed, you can add a profile photo, and you know that a password-reset mail will reach you.`,
      "",
      `If you did not create a ${options.productName} account, ignore this mail.`,
    ].join("\n"),
  };
}

/** To the new address of an email change: the change happens only when this link is opened. */
export function changeEmailMail(options: { to: string; link: string; productName: string }): Mail {
  return {
    to: options.to,
    subject: `Confirm your new email for ${options.productName}`,
    text: [
      "Hello,",
      "",
      `You asked to use this address for your ${options.productName} account. To make the change, open this link within a day:`,
      "",
      options.link,
      "",
      "Until then, your account keeps its old address. If it was not you, ignore this mail.",
    ].join("\n"),
  };
}

/** To the old address once an email change is done, so a change made by someone else is seen. */
export function emailChangedMail(options: {
  to: string;
  newEmail: string;
  productName: string;
  supportEmail: string;
}): Mail {
  return {
    to: options.to,
    subject: `Your ${options.productName} email was changed`,
    text: [
      "Hello,",
      "",
      `The email address of your ${options.productName} account was changed to ${options.newEmail}. Mail about your account now goes there.`,
      "",
      `If you did not make this change, write to ${options.supportEmail} at once.`,
    ].join("\n"),
  };
}

export function passwordChangedMail(options: {
  to: string;
  productName: string;
  supportEmail: string;
}): Mail {
  return {
    to: options.to,
    subject: `Your ${options.productName} password was changed`,
    text: [
      "Hello,",
      "",
      `The password of your ${options.productName} account was changed, and every other device was signed out.`,
      "",
      `If you did not make this change, reset your password from the sign-in page and write to ${options.supportEmail}.`,
    ].join("\n"),
  };
}
