/**
 * Our OpenFeature provider for the browser (ADR 0039): it holds the caller's flags as
 * GET /v1/flags answered them, evaluates from that copy without waiting, and asks again when the
 * context (who is signed in) changes or when `refresh()` is called; a change in any value is
 * announced as ConfigurationChanged. Every flag resolves as a boolean, and the valued flags
 * (aiModelOverride) as a string too. Each answer also says who the server took the caller for,
 * and a refused token is reported: the app renews its session from those (flags-provider.tsx).
 */
import { type FlagsAnswer, flagsAnswerSchema } from "@lumen/contracts";
import {
  DEFAULT_FEATURE_FLAG_VALUES,
  DEFAULT_FEATURE_FLAGS,
  type FeatureFlags,
  type FeatureFlagValues,
  isFeatureFlag,
  isValuedFeatureFlag,
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

export interface LumenWebProviderHooks {
  /** Who the server took the caller for in its last answer (null: an anonymous visitor). */
  onCaller?(caller: FlagsAnswer["caller"]): void;
  /** The server refused the caller's token (401 or 403): the session ended or changed. */
  onRefused?(status: number): void;
}

type Fetched = { answer: FlagsAnswer } | { refused: number } | null;

async function fetchFlags(): Promise<Fetched> {
  try {
    const response = await apiFetch("/v1/flags", { cache: "no-store" });
    if (response.status === 401 || response.status === 403) return { refused: response.status };
    if (!response.ok) return null;
    return { answer: flagsAnswerSchema.parse(await response.json()) };
  } catch {
    // Offline or a server in the middle of a deploy: keep the flags we have, ask again later.
    return null;
  }
}

const failed = <T>(defaultValue: T, errorCode: ErrorCode): ResolutionDetails<T> => ({
  value: defaultValue,
  reason: StandardResolutionReasons.ERROR,
  errorCode,
});

export class LumenWebProvider implements Provider {
  readonly metadata = { name: "lumen" } as const;
  readonly runsOn = "client" as const;
  readonly events = new OpenFeatureEventEmitter();
  #flags: FeatureFlags = DEFAULT_FEATURE_FLAGS;
  #values: FeatureFlagValues = DEFAULT_FEATURE_FLAG_VALUES;
  #requests = 0;
  /** The bad cookie value last reported, so that each is logged once rather than every poll. */
  #reportedCookie: string | null = null;

  // Not named `hooks`: a provider's `hooks` are OpenFeature's evaluation hooks.
  readonly #on: LumenWebProviderHooks;

  constructor(on: LumenWebProviderHooks = {}) {
    this.#on = on;
  }

  async initialize(): Promise<void> {
    await this.refresh();
  }

  async onContextChange(): Promise<void> {
    await this.refresh();
  }

  /** Ask the server again; announces a change when any flag's value differs. */
  async refresh(): Promise<void> {
    const request = ++this.#requests;
    const fetched = await fetchFlags();
    // A newer request (another sign-in, a later poll) has the last word.
    if (!fetched || request !== this.#requests) return;
    if ("refused" in fetched) {
      this.#on.onRefused?.(fetched.refused);
      return;
    }
    const { answer } = fetched;
    if (answer.overrides === "invalid") {
      const cookie = readOverridesCookie();
      if (cookie !== this.#reportedCookie) console.warn(OVERRIDES_PARSE_FAILED);
      this.#reportedCookie = cookie;
    } else {
      this.#reportedCookie = null;
    }
    const changed = [
      ...Object.entries(answer.flags)
        .filter(([flag, value]) => this.#flags[flag as keyof FeatureFlags] !== value)
        .map(([flag]) => flag),
      ...Object.entries(answer.values)
        .filter(([flag, value]) => this.#values[flag as keyof FeatureFlagValues] !== value)
        .map(([flag]) => flag),
    ];
    this.#flags = answer.flags;
    this.#values = answer.values;
    if (changed.length > 0) {
      this.events.emit(ProviderEvents.ConfigurationChanged, {
        flagsChanged: [...new Set(changed)],
      });
    }
    this.#on.onCaller?.(answer.caller);
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    if (!isFeatureFlag(flagKey)) return failed(defaultValue, ErrorCode.FLAG_NOT_FOUND);
    return { value: this.#flags[flagKey], reason: StandardResolutionReasons.CACHED };
  }

  /** A valued flag's string (the model name); the default while none applies. */
  resolveStringEvaluation<T extends string>(
    flagKey: string,
    defaultValue: T,
  ): ResolutionDetails<T> {
    if (!isFeatureFlag(flagKey)) return failed(defaultValue, ErrorCode.FLAG_NOT_FOUND);
    if (!isValuedFeatureFlag(flagKey)) return failed(defaultValue, ErrorCode.TYPE_MISMATCH);
    const value = this.#values[flagKey];
    return value === null
      ? { value: defaultValue, reason: StandardResolutionReasons.DEFAULT }
      : { value: value as T, reason: StandardResolutionReasons.CACHED };
  }

  resolveNumberEvaluation<T extends number>(_key: string, defaultValue: T): ResolutionDetails<T> {
    return failed(defaultValue, ErrorCode.TYPE_MISMATCH);
  }

  resolveObjectEvaluation<T>(_key: string, defaultValue: T): ResolutionDetails<T> {
    return failed(defaultValue, ErrorCode.TYPE_MISMATCH);
  }
}
