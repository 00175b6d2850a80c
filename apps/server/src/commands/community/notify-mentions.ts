/**
 * Mails the people a reply mentions (issue 17). Mentions resolve among the thread's participants
 * (the post's author and everyone with a visible reply) by display name (mentions.ts): one mail a
 * person a reply, never to the writer, and only to learners who left mention mails on (no
 * email_preferences row means on). A mail that fails is logged, never the reply's failure.
 */
import { and, type Db, eq, inArray, isNull, schema } from "@lumen/db";
import type { Logger } from "pino";
import type { Mailer } from "../../auth/mailer.ts";
import { wantsMail } from "../moderation/wants-mail.ts";
import { mentionedParticipants } from "./mentions.ts";
import type { PostRow } from "./visible-post.ts";

export async function notifyMentions(options: {
  db: Db;
  mailer: Mailer;
  logger?: Logger;
  post: PostRow;
  writerId: string;
  text: string;
  origin: string;
  productName: string;
}): Promise<string[]> {
  const { db, post, writerId } = options;
  if (!options.text.includes("@")) return [];
  const commenters = await db
    .selectDistinct({ id: schema.communityComments.authorId })
    .from(schema.communityComments)
    .where(
      and(eq(schema.communityComments.postId, post.id), isNull(schema.communityComments.hiddenAt)),
    );
  const ids = [...new Set([post.authorId, ...commenters.map((c) => c.id)])];
  const people = await db
    .select({
      id: schema.users.id,
      email: schema.users.email,
      displayName: schema.users.displayName,
    })
    .from(schema.users)
    .where(inArray(schema.users.id, ids));
  const writer = people.find((p) => p.id === writerId);
  const named = people.map((p) => ({ ...p, displayName: p.displayName ?? "" }));
  const mailed: string[] = [];
  for (const person of mentionedParticipants(options.text, named)) {
    if (person.id === writerId || !(await wantsMail(db, person.id, "mentions"))) continue;
    try {
      await options.mailer.send(
        mentionMail({
          to: person.email,
          writerName: writer?.displayName || "A learner",
          title: post.title,
          link: `${options.origin}/web/community/${post.id}`,
          productName: options.productName,
        }),
      );
      mailed.push(person.id);
    } catch (error) {
      options.logger?.warn({ err: error, postId: post.id }, "mention mail failed");
    }
  }
  return mailed;
}

export function mentionMail(options: {
  to: string;
  writerName: string;
  title: string;
  link: string;
  productName: string;
}) {
  return {
    to: options.to,
    subject: `${options.writerName} mentioned you in the ${options.productName} community`,
    text: [
      "Hello,",
      "",
      `${options.writerName} mentioned you in "${options.title}". Read the reply here:`,
      "",
      options.link,
      "",
      `To stop these mails, turn off mention mails in your ${options.productName} profile.`,
    ].join("\n"),
  };
}
