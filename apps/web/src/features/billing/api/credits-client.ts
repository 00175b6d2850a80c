/**
 * The learner's credit ledger (issue 15): `GET /v1/me/credits`, newest first, a page at a time;
 * `before` is the last entry's id of the page already shown (the answer's `nextBefore`).
 */
import { type CreditsAnswer, creditsAnswerSchema } from "@lumen/contracts";
import { callApi } from "../../../lib/api-call.ts";

export const creditsApi = {
  page: (before?: number): Promise<CreditsAnswer> =>
    callApi(
      creditsAnswerSchema,
      `/v1/me/credits${before === undefined ? "" : `?before=${before}`}`,
    ),
};
