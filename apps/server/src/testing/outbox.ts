/**
 * The mail the server put in its outbox, for tests (test code only): every mail to an address,
 * and the code of the latest action link of a kind, read once it has arrived (mail sent beside
 * an answer lands a moment after it).
 */
import { asc, type Db, eq, schema } from "@lumen/db";

export type MailKind = "verifyEmail" | "changeEmail" | "passwordReset";

const LINKS: Record<MailKind, RegExp> = {
  verifyEmail: /\/web\/verify-email#mode=verifyEmail&code=([\w%-]+)/,
  changeEmail: /\/web\/verify-email#mode=changeEmail&code=([\w%-]+)/,
  passwordReset: /\/web\/passwordReset#code=([\w%-]+)/,
};

export async function mailsTo(db: Db, email: string) {
  return db
    .select()
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.to, email))
    .orderBy(asc(schema.mailOutbox.id));
}

/** Waits (up to 15 s, a busy machine) until `count` mails of the kind reached `email`. */
export async function mailedCodes(
  db: Db,
  email: string,
  kind: MailKind,
  count = 1,
): Promise<string[]> {
  const until = Date.now() + 15_000;
  for (;;) {
    const codes = (await mailsTo(db, email))
      .map((mail) => LINKS[kind].exec(mail.text)?.[1])
      .filter((code): code is string => code !== undefined)
      .map((code) => decodeURIComponent(code));
    if (codes.length >= count || Date.now() > until) return codes;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
