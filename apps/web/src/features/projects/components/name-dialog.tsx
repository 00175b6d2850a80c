/**
 * A small dialog asking for one name (a file, a folder, a project): the caller checks the name
 * and answers an error to show, or null when it was taken.
 */
import { type ReactNode, useState } from "react";
import { Dialog, DialogContent, DialogFooter } from "../../../ui/dialog.tsx";
import { Button, Field, Input } from "../../../ui/index.ts";

export interface NameDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  label: string;
  initial?: string;
  submitLabel: string;
  hint?: string;
  /** Answers the error to show, or null when done. */
  onSubmit(name: string): string | null | Promise<string | null>;
}

export function NameDialog(props: NameDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open && <NameForm {...props} />}
    </Dialog>
  );
}

function NameForm({
  title,
  label,
  initial = "",
  submitLabel,
  hint,
  onSubmit,
  onOpenChange,
}: NameDialogProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  return (
    <DialogContent title={title}>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setPending(true);
          const problem = await onSubmit(value);
          setPending(false);
          if (problem) setError(problem);
          else onOpenChange(false);
        }}
      >
        <Field label={label} error={error} hint={hint}>
          {(control) => (
            <Input
              {...control}
              value={value}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setValue(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="brand" type="submit" pending={pending}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
