/**
 * The Kubernetes API's refusals, said so that an operator knows what to fix (issue 18, ADR 0058):
 * which call failed on which object, and for 401/403 which permission the server's service account
 * lacks. 404 and 409 keep their status so that the driver can treat "missing" and "already there"
 * as answers, not failures.
 */
import { ApiException } from "@kubernetes/client-node";

export interface KubernetesAction {
  /** The RBAC verb: get, create, delete, patch. */
  verb: string;
  /** The RBAC resource: pods, pods/log, pods/exec, services, persistentvolumeclaims, networkpolicies. */
  resource: string;
  name: string;
  namespace: string;
}

export class KubernetesApiError extends Error {
  /** The HTTP status, or null when no answer came (timeout, connection refused). */
  readonly status: number | null;
  readonly action: KubernetesAction;

  constructor(
    message: string,
    status: number | null,
    action: KubernetesAction,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "KubernetesApiError";
    this.status = status;
    this.action = action;
  }
}

/** The `message` of the Status object Kubernetes answers errors with, when there is one. */
function statusMessage(body: unknown): string | null {
  let value = body;
  if (typeof body === "string") {
    try {
      value = JSON.parse(body);
    } catch {
      return body.trim().slice(0, 500) || null;
    }
  }
  if (value && typeof value === "object" && "message" in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === "string" && message) return message;
  }
  return null;
}

/** An Error's message, or an ErrorEvent's (the WebSocket's), or the value as text. */
function messageOf(error: unknown): string {
  if (error && typeof error === "object" && "message" in error) {
    const { message } = error as { message: unknown };
    if (typeof message === "string") return message;
  }
  return String(error);
}

function causeText(error: unknown): string {
  const cause = error instanceof Error ? (error as { cause?: unknown }).cause : undefined;
  return cause instanceof Error ? `${messageOf(error)}: ${cause.message}` : messageOf(error);
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof KubernetesApiError && error.status === status;
}

/** An error of the client (or of the exec WebSocket) as a KubernetesApiError. */
export function explain(
  error: unknown,
  action: KubernetesAction,
  timeoutMs: number,
): KubernetesApiError {
  if (error instanceof KubernetesApiError) return error;
  const what = `${action.verb} ${action.resource} "${action.name}" in namespace "${action.namespace}"`;
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return new KubernetesApiError(
      `Kubernetes did not answer within ${timeoutMs} ms when asked to ${what}.`,
      null,
      action,
      { cause: error },
    );
  }
  let status: number | null = null;
  let said: string | null = null;
  if (error instanceof ApiException) {
    status = error.code;
    said = statusMessage(error.body);
  } else {
    // The exec WebSocket's handshake fails with an ErrorEvent: "Unexpected server response: 403".
    const match = /Unexpected server response: (\d{3})/.exec(messageOf(error));
    if (match) status = Number(match[1]);
  }
  const kubernetesSaid = said ? ` Kubernetes said: ${said}` : "";
  switch (status) {
    case null:
      return new KubernetesApiError(
        `Could not reach Kubernetes to ${what}: ${causeText(error)}.`,
        null,
        action,
        { cause: error },
      );
    case 401:
      return new KubernetesApiError(
        `Kubernetes did not accept the server's credentials (401) when asked to ${what}: check the kubeconfig or the service account token.`,
        401,
        action,
        { cause: error },
      );
    case 403:
      return new KubernetesApiError(
        `Kubernetes forbids the server to ${what} (403): its service account needs the "${action.verb}" permission on "${action.resource}" in namespace "${action.namespace}" (see ADR 0058 for the Role).${kubernetesSaid}`,
        403,
        action,
        { cause: error },
      );
    case 404:
      return new KubernetesApiError(`Not found: ${what}.${kubernetesSaid}`, 404, action, {
        cause: error,
      });
    case 409:
      return new KubernetesApiError(`Already there: ${what}.${kubernetesSaid}`, 409, action, {
        cause: error,
      });
    case 422:
      return new KubernetesApiError(
        `Kubernetes refused the object as invalid (422) when asked to ${what}; check the machine settings (image, storage class, runtime class, labels).${kubernetesSaid}`,
        422,
        action,
        { cause: error },
      );
    default:
      return new KubernetesApiError(
        `Kubernetes failed to ${what} (${status}).${kubernetesSaid || " No details."}`,
        status,
        action,
        { cause: error },
      );
  }
}
