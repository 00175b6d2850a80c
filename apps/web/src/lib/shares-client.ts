/**
 * The shares calls (issue 17, packages/contracts/src/shares.ts): read a shared code by its link,
 * share a project or a lesson solution, list and unshare one's own, duplicate into one's projects.
 * A refused call throws the app's ApiError; an unshared or hidden share is an ApiError `gone`.
 */
import {
  type CreateShareBody,
  createShareAnswerSchema,
  duplicateShareAnswerSchema,
  type MyShare,
  myShareListSchema,
  type SharedCode,
  sharedCodeSchema,
} from "@lumen/contracts";
import { callApi as call, sendApi } from "./api-call.ts";

/** The query key of the learner's own shares (the Share dialog and My projects read it). */
export const mySharesKey = ["shares", "mine"] as const;

const sharePath = (code: string) => `/v1/shares/${encodeURIComponent(code)}`;

/** The page address of a share, on this site. */
export const shareUrl = (code: string) => `${window.location.origin}/web/shared/${code}`;

export const sharesApi = {
  read: (code: string): Promise<SharedCode> => call(sharedCodeSchema, sharePath(code)),
  create: (body: CreateShareBody): Promise<MyShare> =>
    call(createShareAnswerSchema, "/v1/shares", {
      method: "POST",
      body: JSON.stringify(body),
    }).then((answer) => answer.share),
  mine: (): Promise<MyShare[]> =>
    call(myShareListSchema, "/v1/shares/mine").then((answer) => answer.shares),
  unshare: (code: string): Promise<void> =>
    sendApi(sharePath(code), { method: "DELETE" }).then(() => undefined),
  duplicate: (code: string): Promise<{ projectId: string }> =>
    call(duplicateShareAnswerSchema, `${sharePath(code)}/duplicate`, { method: "POST" }),
};
