import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonClasses } from "./button.tsx";

const classes = (value: string) => value.split(" ");

describe("buttonClasses", () => {
  it("gives the brand variant the brand colours in light and dark mode", () => {
    const brand = classes(buttonClasses({ variant: "brand" }));
    expect(brand).toEqual(
      expect.arrayContaining([
        "bg-brand-600",
        "text-white",
        "hover:bg-brand-700",
        "dark:bg-brand-600",
        "dark:hover:bg-brand-500",
      ]),
    );
  });

  it("dims and stops the pointer on a disabled button of every variant", () => {
    for (const variant of ["brand", "secondary", "ghost", "danger", "success", "quiet"] as const) {
      const list = classes(buttonClasses({ variant }));
      expect(list).toContain("disabled:opacity-60");
      expect(list).toContain("disabled:cursor-not-allowed");
    }
  });

  it("is a 40 px secondary button unless told otherwise", () => {
    expect(buttonClasses()).toBe(buttonClasses({ variant: "secondary", size: "md" }));
    expect(classes(buttonClasses())).toEqual(expect.arrayContaining(["px-4", "py-2.5", "text-sm"]));
  });

  it("keeps the 44 px touch target in the large sizes", () => {
    expect(classes(buttonClasses({ size: "lg" }))).toContain("min-h-11");
    expect(classes(buttonClasses({ size: "xl" }))).toContain("min-h-11");
  });

  it("sets each size's corner radius once, so a size never fights the base", () => {
    for (const size of ["xs", "sm", "md", "lg", "xl", "icon"] as const) {
      const radii = classes(buttonClasses({ size })).filter((c) => c.startsWith("rounded"));
      expect(radii, size).toHaveLength(1);
    }
  });

  it("adds the caller's layout classes after its own", () => {
    expect(buttonClasses({ variant: "brand", className: "w-full" }).endsWith(" w-full")).toBe(true);
  });
});

describe("Button", () => {
  it("is a type=button <button> by default, and keeps a given type", () => {
    expect(renderToStaticMarkup(<Button>Run</Button>)).toMatch(/^<button type="button"/);
    expect(renderToStaticMarkup(<Button type="submit">Go</Button>)).toMatch(
      /^<button type="submit"/,
    );
  });

  it("with asChild, gives its look to the child instead of wrapping it", () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="brand" size="xl">
        <a href="/start">Start</a>
      </Button>,
    );
    expect(html).toMatch(/^<a href="\/start" class="[^"]*bg-brand-600[^"]*">Start<\/a>$/);
    expect(html).not.toContain("type=");
  });

  it("while pending keeps its label, shows a spinner, says it is busy and cannot be pressed", () => {
    const html = renderToStaticMarkup(
      <Button pending variant="brand">
        Finish chapter
      </Button>,
    );
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('data-testid="spinner"');
    expect(html).toMatch(/<\/svg>Finish chapter<\/button>$/);
  });

  it("when not pending has no spinner and no aria-busy, and is enabled unless disabled", () => {
    const html = renderToStaticMarkup(<Button>Check</Button>);
    expect(html).not.toContain("aria-busy");
    expect(html).not.toContain("spinner");
    expect(html).not.toContain("disabled=");
    expect(renderToStaticMarkup(<Button disabled>Check</Button>)).toContain('disabled=""');
  });
});
