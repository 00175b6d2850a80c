// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, fieldControl, Input, inputClasses } from "./field.tsx";

describe("fieldControl", () => {
  it("points at the error, else the hint, else nothing", () => {
    expect(fieldControl("f", "Wrong", "Hint")).toEqual({
      id: "f",
      "aria-invalid": true,
      "aria-describedby": "f-error",
    });
    expect(fieldControl("f", null, "Hint")).toMatchObject({
      "aria-invalid": undefined,
      "aria-describedby": "f-hint",
    });
    expect(fieldControl("f", undefined, undefined)["aria-describedby"]).toBeUndefined();
  });
});

describe("Field", () => {
  const render = (props: { error?: string; hint?: string; optional?: boolean }) =>
    new DOMParser().parseFromString(
      renderToStaticMarkup(
        <Field label="Email" {...props}>
          {(control) => <Input {...control} name="email" type="email" />}
        </Field>,
      ),
      "text/html",
    );

  it("labels the input and describes it with its error, hiding the hint", () => {
    const doc = render({ error: "Enter an email.", hint: "We never share it." });
    const input = doc.querySelector("input");
    const label = doc.querySelector("label");
    expect(label?.getAttribute("for")).toBe(input?.id);
    expect(input?.getAttribute("aria-invalid")).toBe("true");
    const described = doc.getElementById(input?.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe("Enter an email.");
    expect(doc.body.textContent).not.toContain("We never share it.");
  });

  it("describes a valid input with its hint", () => {
    const doc = render({ hint: "We never share it." });
    const input = doc.querySelector("input");
    expect(input?.hasAttribute("aria-invalid")).toBe(false);
    const described = doc.getElementById(input?.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe("We never share it.");
  });

  it("says when the field is optional", () => {
    expect(render({ optional: true }).querySelector("label")?.textContent).toBe("Email (optional)");
  });
});

describe("inputClasses", () => {
  it("marks an invalid input red and uses 16 px text unless asked for small", () => {
    expect(inputClasses()).toContain("aria-[invalid=true]:border-red-600");
    expect(inputClasses()).toContain("text-base");
    expect(inputClasses({ size: "sm" })).toContain("text-sm");
  });
});
