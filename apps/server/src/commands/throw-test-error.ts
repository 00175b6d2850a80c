/**
 * The server half of "Send a test error" (like Sentry's verify step): an unexpected error, so that
 * an operator sees the whole path work (500 with a request id → stored → the console's list).
 */
export const TEST_SERVER_ERROR_MESSAGE = "This is a test error from the Lumen server";

export function throwTestError(): never {
  throw new Error(TEST_SERVER_ERROR_MESSAGE);
}
