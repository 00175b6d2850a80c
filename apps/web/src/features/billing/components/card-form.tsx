/**
 * The local provider's card form: number, expiry, CVC and name, formatted as typed and checked
 * before sending (lib/test-card.ts). A decline comes back as `error` and moves the focus to the
 * card number, so the learner can try another card at once.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Alert, Button, Field, Input } from "../../../ui/index.ts";
import {
  type CardErrors,
  type CardInput,
  checkCard,
  formatCardNumber,
  formatExpiry,
} from "../lib/test-card.ts";
import { TestCardList } from "./test-card-list.tsx";

export function CardForm({
  payLabel,
  pending,
  error,
  onPay,
}: {
  payLabel: string;
  pending: boolean;
  /** Why the last try failed (a decline, a refused request). */
  error: string | null;
  onPay: (card: CardInput) => void;
}) {
  const [card, setCard] = useState<CardInput>({ cardNumber: "", expiry: "", cvc: "", name: "" });
  const [errors, setErrors] = useState<CardErrors>({});
  const numberRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (error) numberRef.current?.focus();
  }, [error]);

  const set = (field: keyof CardInput, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkCard(card, new Date());
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onPay(card);
  }

  function fillTestCard(number: string) {
    setCard((current) => ({
      cardNumber: formatCardNumber(number),
      expiry: current.expiry || "12/34",
      cvc: current.cvc || "123",
      name: current.name,
    }));
    setErrors({});
    numberRef.current?.focus();
  }

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Card details">
        {error ? (
          <Alert role="alert" tone="danger">
            {error}
          </Alert>
        ) : null}
        <Field label="Card number" error={errors.cardNumber}>
          {(control) => (
            <Input
              {...control}
              ref={numberRef}
              name="cardNumber"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={card.cardNumber}
              onChange={(e) => set("cardNumber", formatCardNumber(e.target.value))}
              className="font-mono tabular-nums"
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Expiry" hint="MM/YY" error={errors.expiry}>
            {(control) => (
              <Input
                {...control}
                name="expiry"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                value={card.expiry}
                onChange={(e) => set("expiry", formatExpiry(e.target.value))}
              />
            )}
          </Field>
          <Field label="CVC" error={errors.cvc}>
            {(control) => (
              <Input
                {...control}
                name="cvc"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                value={card.cvc}
                onChange={(e) => set("cvc", e.target.value.replace(/\D/g, ""))}
              />
            )}
          </Field>
        </div>
        <Field label="Name on card" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="cc-name"
              value={card.name}
              onChange={(e) => set("name", e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="brand" size="xl" pending={pending} className="w-full">
          {payLabel}
        </Button>
      </form>
      <TestCardList onUse={fillTestCard} disabled={pending} />
    </div>
  );
}
