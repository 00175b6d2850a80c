/**
 * Our OpenFeature provider for the browser (ADR 0039): it holds the caller's flags as
 * GET /v1/flags answered them, evaluates from that copy without waiting, and asks again when the
 * context (who is signed in) changes or when `refresh()` is called; a change in any value is
 * announced as ConfigurationChanged, which re-renders the components that read a flag.
 */
import { type FlagsAnswer, flagsAnswerSchema } from "@lumen/contracts";
import {
  DEFAULT_FEATURE_FLAGS,
  type FeatureFlags,
  isFeatureFlag,
  OVERRIDES_PARSE_FAILED,
} from "@lumen/core";
import {
  ErrorCode,
  OpenFeatureEventEmitter,
  type Provider,
  ProviderEvents,
  type ResolutionDetails,
  StandardResolutionReasons,
} from "@openfeature/web-sdk";
import { apiFetch } from "../../lib/api-client.ts";
import { readOverridesCookie } from "./overrides-cookie.ts";

async function fetchFlags(): Promise<FlagsAnswer | null> {
  try {
    const response = await apiFetch("/v1/flags", { cache: "no-store" });
    if (!response.ok) return null;
    return flagsAnswerSchema.parse(await response.json());
  } catch {
    // Offline or a server in the middle of a deploy: keep the flags we have, ask again later.
    return null;
  }
}

export class LumenWebProvider implements Provider {
  readonly metadata = { name: "lumen" } as const;
  readonly runsOn = "client" as const;
  readonly events = new OpenFeatureEventEmitter();
  #flags: FeatureFlags = DEFAULT_FEATURE_FLAGS;
  #requests = 0;
  /** The bad cookie value last reported, so that each is logged once rather than every poll. */
  #reportedCookie: string | null = null;

  async initialize(): Promise<void> {
    await this.refresh();
  }

  async onContextChange(): Promise<void> {
    await this.refresh();
  }

  /** Ask the server again; announces a change when any flag's value differs. */
  async refresh(): Promise<void> {
    const request = ++this.#requests;
    const answer = await fetchFlags();
    // A newer request (another sign-in, a later poll) has the last word.
    if (!answer || request !== this.#requests) return;
    if (answer.overrides === "invalid") {
      const cookie = readOverridesCookie();
      if (cookie !== this.#reportedCookie) console.warn(OVERRIDES_PARSE_FAILED);
      this.#reportedCookie = cookie;
    } else {
      this.#reportedCookie = null;
    }
    const changed = Object.entries(answer.flags)
      .filter(([flag, value]) => this.#flags[flag as keyof FeatureFlags] !== value)
      .map(([flag]) => flag);
    this.#flags = answer.flags;
    if (changed.length > 0) {
      this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged: changed });
    }
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    if (!isFeatureFlag(flagKey)) {
      return {
        value: defaultValue,
        reason: StandardResolutionReasons.ERROR,
        errorCode: ErrorCode.FLAG_NOT_FOUND,
      };
    }
    return { value: this.#flags[flagKey], reason: StandardResolutionReasons.CACHED };
  }

  resolveStringEvaluation<T extends string>(_key: string, defaultValue: T): ResolutionDetails<T> {
    return {
      value: defaultValue,
      reason: StandardResolutionReasons.ERROR,
      errorCode: ErrorCode.TYPE_MISMATCH,
    };
  }

  resolveNumberEvaluation<T extends number>(_key: string, defaultValue: T): ResolutionDetails<T> {
    return {
      value: defaultValue,
      reason: StandardResolutionReasons.ERROR,
      errorCode: ErrorCode.TYPE_MISMATCH,
    };
  }

  resolveObjectEvaluation<T>(_key: string, defaultValue: T): ResolutionDetails<T> {
    return {
      value: defaultValue,
      reason: StandardResolutionReasons.ERROR,
      errorCode: ErrorCode.TYPE_MISMATCH,
    };
  }
}
