/** A link to an in-app address the API answered as a string, navigated in the app (not reloaded). */
import { useNavigate } from "@tanstack/react-router";
import type { ComponentProps } from "react";

export function AppLink({ href, onClick, ...props }: ComponentProps<"a"> & { href: string }) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate({ href });
      }}
    />
  );
}
