/**
 * Every piece of the UI kit (apps/web/src/ui, ADR 0024) in each of its variants, on one page: at
 * the foot of the runner playground for course engineers, and drawn on its own, in light and dark
 * mode and at phone and desktop widths, by e2e/ui-kit.e2e.ts.
 */
import type { ReactNode } from "react";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from "../../../ui/dialog.tsx";
import {
  Alert,
  Badge,
  Button,
  type ButtonVariants,
  Card,
  Field,
  Input,
  Tile,
  textLinkClasses,
} from "../../../ui/index.ts";

const VARIANTS = ["brand", "secondary", "ghost", "danger", "success", "quiet"] as const;
const SIZES = ["xs", "sm", "md", "lg", "xl"] as const;
const TONES = ["neutral", "info", "success", "warning", "danger"] as const;

const label = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`ui-kit-${id}`} className="mt-8">
      <h3
        id={`ui-kit-${id}`}
        className="text-sm font-semibold uppercase tracking-wide text-slate-500"
      >
        {title}
      </h3>
      <div className="mt-3 flex flex-wrap items-center gap-3">{children}</div>
    </section>
  );
}

function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

function Buttons() {
  return (
    <>
      <Part id="buttons" title="Buttons">
        {VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {label(variant)}
          </Button>
        ))}
      </Part>
      <Part id="buttons-disabled" title="Buttons, disabled">
        {VARIANTS.map((variant) => (
          <Button key={variant} variant={variant} disabled>
            {`${label(variant)} (disabled)`}
          </Button>
        ))}
      </Part>
      <Part id="buttons-pending" title="Buttons, pending">
        {(["brand", "secondary", "success"] as const).map((variant) => (
          <Button key={variant} variant={variant} pending>
            {`${label(variant)} (pending)`}
          </Button>
        ))}
      </Part>
      <Part id="buttons-sizes" title="Button sizes">
        {SIZES.map((size: ButtonVariants["size"]) => (
          <Button key={size} variant="brand" size={size}>
            {`Size ${size}`}
          </Button>
        ))}
        <Button variant="ghost" size="icon" aria-label="Size icon">
          <MenuIcon />
        </Button>
        <Button asChild variant="secondary" size="xl">
          <a href="#ui-kit-title">A link that looks like a button</a>
        </Button>
      </Part>
    </>
  );
}

function Cards() {
  return (
    <Part id="cards" title="Cards">
      <div className="grid w-full gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card>
          <p className="font-semibold">Raised</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Progress and sign-in screens.
          </p>
        </Card>
        <Card surface="flat" padding="sm">
          <p className="font-semibold">Flat</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">Panels beside the editor.</p>
        </Card>
        <Card padding="lg" className="text-center">
          <p className="font-semibold">Roomy</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">The end of a chapter.</p>
        </Card>
        <Card asChild interactive className="flex flex-col gap-1 text-left">
          <button type="button">
            <span className="font-semibold">Interactive card</span>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              A whole card to press.
            </span>
          </button>
        </Card>
      </div>
    </Part>
  );
}

function Badges() {
  return (
    <Part id="badges" title="Badges">
      {(["neutral", "brand", "success", "warning"] as const).map((tone) => (
        <Badge key={tone} tone={tone}>
          {`${label(tone)} badge`}
        </Badge>
      ))}
      {(["neutral", "brand", "success", "warning"] as const).map((tone) => (
        <Badge key={tone} tone={tone} size="md">
          {`${label(tone)} badge, medium`}
        </Badge>
      ))}
    </Part>
  );
}

function Alerts() {
  return (
    <Part id="alerts" title="Alerts">
      <div className="grid w-full gap-3 sm:grid-cols-2">
        {TONES.map((tone) => (
          <Alert key={tone} role="status" tone={tone}>
            {`${label(tone)}: a message in this tone.`}
          </Alert>
        ))}
        <Alert role="status" tone="danger" size="sm">
          Small: the error above a form.
        </Alert>
        <Alert role="status" tone="success" size="lg">
          Large: a lesson's feedback.
        </Alert>
      </div>
    </Part>
  );
}

function Tiles() {
  return (
    <>
      <Part id="tiles" title="Tiles">
        <div className="grid w-full gap-2.5 sm:grid-cols-2">
          {(["idle", "selected", "right", "wrong"] as const).map((state) => (
            <Tile key={state} state={state} aria-pressed={state === "selected"}>
              {`Option, ${state}`}
            </Tile>
          ))}
        </div>
      </Part>
      <Part id="tiles-code" title="Code tiles">
        <Tile shape="chip">print</Tile>
        <Tile shape="chip" state="used" aria-label="Chip, used" disabled>
          echo
        </Tile>
        <p className="font-mono text-[15px] leading-9">
          {(["empty", "selected", "filled", "right", "wrong"] as const).map((state) => (
            <Tile key={state} shape="blank" state={state} aria-label={`Blank, ${state}`}>
              {state === "empty" || state === "selected" ? "\u00a0" : "x"}
            </Tile>
          ))}
        </p>
      </Part>
    </>
  );
}

function Fields() {
  return (
    <Part id="fields" title="Fields">
      <div className="grid w-full gap-4 sm:grid-cols-3">
        <Field label="Display name" hint="Shown on your profile." optional>
          {(control) => <Input {...control} name="kit-name" autoComplete="off" />}
        </Field>
        <Field label="Email address" error="Enter an email address like ada@example.com.">
          {(control) => <Input {...control} name="kit-email" type="email" autoComplete="off" />}
        </Field>
        <Field label="Small input">
          {(control) => <Input {...control} name="kit-small" inputSize="sm" autoComplete="off" />}
        </Field>
      </div>
    </Part>
  );
}

function DialogDemo() {
  return (
    <Part id="dialog" title="Dialog and text link">
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="secondary">Open the dialog</Button>
        </DialogTrigger>
        <DialogContent
          title="Start this lesson over?"
          description="Your code goes back to the starter code. Undo brings it back."
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Keep my code</Button>
            </DialogClose>
            <DialogClose asChild>
              <Button variant="danger">Start over</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <p className="text-sm">
        Text with{" "}
        <a href="#ui-kit-title" className={textLinkClasses}>
          a link inside it
        </a>
        .
      </p>
    </Part>
  );
}

export function UiKitGallery() {
  return (
    <section aria-labelledby="ui-kit-title" data-testid="ui-kit-gallery">
      <h2 id="ui-kit-title" className="text-2xl font-bold tracking-tight">
        UI kit
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Every piece of apps/web/src/ui in each of its variants.
      </p>
      <Buttons />
      <Cards />
      <Badges />
      <Alerts />
      <Tiles />
      <Fields />
      <DialogDemo />
    </section>
  );
}
