/**
 * The Stripe provider (issue 15, ADR 0044) through the official SDK: customers, Checkout
 * Sessions in subscription mode, the Customer Portal and signed webhooks. STRIPE_API_BASE points
 * the SDK elsewhere (the emulator in tests). Every answer is checked for the fields we use: an
 * API that answers something else (an emulator's 404 body, say) is "unavailable", never a 500.
 */
import { createHash } from "node:crypto";
import Stripe from "stripe";
import { AppError } from "../errors.ts";
import type { BillingProvider, VerifiedEvent } from "./provider.ts";
import { createStripePrices } from "./stripe-prices.ts";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (the emulator); Stripe's own by default. */
  apiBase?: string;
  clock: () => Date;
  /** A client made elsewhere (tests wrap its HTTP client); made from the options otherwise. */
  client?: Stripe;
}

export function stripeClient(secretKey: string, apiBase?: string, httpClient?: Stripe.HttpClient) {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "Lumen" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
    ...(httpClient ? { httpClient } : {}),
  });
}

const unavailable = (cause: unknown) =>
  new AppError("unavailable", "The payment provider is unavailable right now. Try again soon.", {
    cause,
  });

/** The answer's field, or "unavailable" when the provider answered something else. */
function field(answer: unknown, name: string): string {
  const value = (answer as Record<string, unknown> | null)?.[name];
  if (typeof value !== "string" || value.length === 0) {
    throw unavailable(new Error(`The provider's answer has no ${name}.`));
  }
  return value;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unavailable(error);
  }
}

export function createStripeProvider(options: StripeProviderOptions): BillingProvider {
  const stripe = options.client ?? stripeClient(options.secretKey, options.apiBase);
  const prices = createStripePrices(stripe);
  return {
    name: "stripe",
    async createCustomer({ userId, email, name }) {
      const customer = await call(() =>
        stripe.customers.create(
          { email, ...(name ? { name } : {}), metadata: { lumen_user_id: userId } },
          // Two first checkouts at once make one customer.
          { idempotencyKey: `lumen-customer-${userId}` },
        ),
      );
      return field(customer, "id");
    },
    async createCheckout(input) {
      const price = await call(() =>
        prices.priceId(input.tier, input.interval, input.amount, input.currency),
      );
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: "subscription",
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
          subscription_data: {
            metadata: input.metadata,
            ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
          },
        }),
      );
      return { id: field(session, "id"), url: field(session, "url") };
    },
    async expireCheckout(id) {
      try {
        await stripe.checkout.sessions.expire(id);
        return "ended";
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw unavailable(error);
      }
      // Not open any more: expired, or completed (paid) before we asked.
      const session = await call(() => stripe.checkout.sessions.retrieve(id));
      return (session as { status?: unknown }).status === "complete" ? "paid" : "ended";
    },
    async createPortal({ customerId, returnUrl }) {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: field(session, "url") };
    },
    async verifyWebhook(rawBody, headers): Promise<VerifiedEvent> {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new AppError("bad_request", "The webhook has no Stripe-Signature.");
      let event: Partial<Stripe.Event>;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          options.webhookSecret,
        );
      } catch (error) {
        throw new AppError("bad_request", "The webhook's signature does not match.", {
          cause: error,
        });
      }
      if (typeof event.type !== "string") {
        throw new AppError("bad_request", "The webhook is not an event.");
      }
      return {
        // Stripe always sends both; an emulator may not. The body's hash stands in for the id
        // (a redelivery of the same body is the same event) and the receipt for the time.
        id:
          typeof event.id === "string" && event.id.length > 0
            ? event.id
            : `body_${createHash("sha256").update(rawBody).digest("hex").slice(0, 40)}`,
        type: event.type,
        occurredAt:
          typeof event.created === "number" ? new Date(event.created * 1000) : options.clock(),
        payload: event,
      };
    },
  };
}
