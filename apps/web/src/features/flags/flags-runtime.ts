/**
 * The flags' OpenFeature side (ADR 0039), loaded when the browser is idle after the first paint
 * (flags-provider.tsx), so that the SDK is not part of any screen's first load: until then every
 * flag reads as its default (off, no value). Registers LumenWebProvider with the context of who is
 * signed in, and reads every value through the SDK's client.
 */
import type { FeatureFlag, ValuedFeatureFlag } from "@lumen/core";
import { type EvaluationContext, OpenFeature, ProviderEvents } from "@openfeature/web-sdk";
import { LumenWebProvider, type LumenWebProviderHooks } from "./lumen-web-provider.ts";

export interface FlagsRuntime {
  /** Who is signed in: the first call installs the provider, later ones change the context. */
  setContext(context: EvaluationContext): Promise<void>;
  /** Ask the server again now. */
  refresh(): Promise<void>;
  /** A flag's value, or its default (off) until the provider is ready. */
  boolean(flag: FeatureFlag): boolean;
  /** A valued flag's string, or null while none applies or the provider is not ready. */
  string(flag: ValuedFeatureFlag): string | null;
}

export function startFlagsRuntime(
  hooks: LumenWebProviderHooks & {
    /** Any value may have changed: re-read. */
    onChange(): void;
  },
): FlagsRuntime {
  const provider = new LumenWebProvider(hooks);
  const client = OpenFeature.getClient();
  let installed: Promise<void> | null = null;
  let ready = false;
  for (const event of [ProviderEvents.ConfigurationChanged, ProviderEvents.ContextChanged]) {
    client.addHandler(event, hooks.onChange);
  }
  return {
    setContext(context) {
      if (!installed) {
        installed = OpenFeature.setProviderAndWait(provider, context).then(() => {
          ready = true;
          hooks.onChange();
        });
        return installed;
      }
      return installed.then(() => OpenFeature.setContext(context));
    },
    refresh: () => provider.refresh(),
    boolean: (flag) => (ready ? client.getBooleanValue(flag, false) : false),
    string: (flag) => (ready ? client.getStringValue(flag, "") || null : null),
  };
}
