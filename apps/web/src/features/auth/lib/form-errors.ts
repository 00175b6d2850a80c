/** Turns a failed auth call into messages beside the fields, in the product's words. */
import { isStrongEnoughPassword, isValidEmail } from "@lumen/contracts";
import { ApiError } from "../../../lib/api-error.ts";
import { authErrorMessage } from "./error-messages.ts";

export interface FormErrors {
  email?: string;
  password?: string;
  form?: string;
}

export function errorsFor(error: unknown): FormErrors {
  const code = error instanceof ApiError ? error.code : "unknown";
  const { text, field } = authErrorMessage(code);
  return { [field]: text };
}

/**
 * Checks done before asking the server: the server's own rules (@lumen/contracts account.ts), with
 * the same sentences the server's codes map to.
 */
export function checkFields(values: { email?: string; password?: string }): FormErrors {
  const errors: FormErrors = {};
  if (values.email !== undefined && !isValidEmail(values.email)) {
    errors.email = authErrorMessage("auth/invalid-email").text;
  }
  if (values.password !== undefined && !isStrongEnoughPassword(values.password)) {
    errors.password = authErrorMessage("auth/weak-password").text;
  }
  return errors;
}

export const hasErrors = (errors: FormErrors) => Object.values(errors).some(Boolean);
