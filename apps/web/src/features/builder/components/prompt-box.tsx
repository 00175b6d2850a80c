/**
 * The builder's message box (issue 18): a labelled text area (Enter with Ctrl or ⌘ sends), and,
 * when enableImageUploads is on for the learner, an image to send with it (a sketch or a
 * screenshot: PNG, JPEG or WebP up to 2 MB, checked here by its bytes as the server does).
 */
import { BUILDER_LIMITS, builderImageProblem } from "@lumen/core";
import { useId, useRef, useState } from "react";
import { Alert, Button } from "../../../ui/index.ts";
import { useFlag } from "../../flags/flags-provider.tsx";

export interface PromptImage {
  mediaType: string;
  data: string;
}

export interface PromptBoxProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  pending?: boolean;
  disabled?: boolean;
  /** The first prompt may be empty: the build starts from its template alone. */
  allowEmpty?: boolean;
  onSubmit(prompt: string, image?: PromptImage): void | Promise<void>;
}

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

export function PromptBox(props: PromptBoxProps) {
  const id = useId();
  const imagesOn = useFlag("enableImageUploads");
  const [prompt, setPrompt] = useState("");
  const [image, setImage] = useState<PromptImage & { name: string }>();
  const [problem, setProblem] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const tooLong = prompt.length > BUILDER_LIMITS.promptLength;
  const empty = prompt.trim() === "" && !props.allowEmpty;

  async function send() {
    if (props.pending || props.disabled || tooLong || empty) return;
    const text = prompt;
    const sent = image ? { mediaType: image.mediaType, data: image.data } : undefined;
    await props.onSubmit(text, sent);
    setPrompt("");
    setImage(undefined);
  }

  async function pick(file: File | undefined) {
    setProblem(undefined);
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const why = builderImageProblem(file.type, bytes);
    if (why) {
      setProblem(why);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setImage({ mediaType: file.type, data: toBase64(bytes), name: file.name });
  }

  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      <textarea
        id={id}
        value={prompt}
        rows={3}
        placeholder={props.placeholder}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setPrompt(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
        className="block w-full resize-y rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {tooLong
          ? `That is ${prompt.length} characters; ${BUILDER_LIMITS.promptLength} at most.`
          : "Ctrl + Enter sends. Each message uses credits, by how much the AI writes."}
      </p>
      {problem && (
        <Alert tone="danger" size="sm" role="alert">
          {problem}
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="submit"
          variant="brand"
          pending={props.pending}
          disabled={props.disabled || tooLong || empty}
        >
          {props.submitLabel}
        </Button>
        {imagesOn && (
          <>
            <label className="cursor-pointer rounded-xl border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-500 dark:border-slate-700 dark:hover:bg-slate-800">
              Attach an image
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="sr-only"
                onChange={(event) => void pick(event.target.files?.[0])}
              />
            </label>
            {image && (
              <span className="flex items-center gap-1 text-sm">
                {image.name}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setImage(undefined);
                    if (fileInput.current) fileInput.current.value = "";
                  }}
                >
                  Remove
                </Button>
              </span>
            )}
          </>
        )}
      </div>
    </form>
  );
}
