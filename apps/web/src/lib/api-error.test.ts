import { ERROR_STATUS } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { ApiError, isApiError } from "./api-error.ts";

describe("ApiError: one error for every API client, with the contract's codes", () => {
  it("takes the server's code and message from an error answer", () => {
    const error = ApiError.fromAnswer(409, {
      code: "insufficient_coins",
      message: "You need 50 coins.",
    });
    expect(error).toMatchObject({ status: 409, code: "insufficient_coins" });
    expect(error.message).toBe("You need 50 coins.");
    expect(isApiError(error, "insufficient_coins")).toBe(true);
    expect(isApiError(error, "not_found")).toBe(false);
  });

  it("knows every code the server answers with, and no other", () => {
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(ApiError.fromAnswer(400, { code, message: "m" }).code).toBe(code);
    }
    // A body that is not the API's (a proxy's page, or a code outside the contract).
    expect(ApiError.fromAnswer(502, "<html>Bad gateway</html>")).toMatchObject({
      status: 502,
      code: "http_error",
      message: "The server answered 502.",
    });
    expect(ApiError.fromAnswer(400, { code: "made_up", message: "m" }).code).toBe("http_error");
  });

  it("names an unreachable server with spec section 8's code", () => {
    expect(ApiError.unreachable()).toMatchObject({
      status: 0,
      code: "auth/network-request-failed",
      message: "The server could not be reached.",
      name: "ApiError",
    });
  });
});
