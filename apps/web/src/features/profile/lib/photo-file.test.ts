import { describe, expect, it } from "vitest";
import { photoProblem } from "./photo-file.ts";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
const webp = new Uint8Array([
  ...new TextEncoder().encode("RIFF"),
  1,
  2,
  3,
  4,
  ...new TextEncoder().encode("WEBP"),
]);
const gif = new TextEncoder().encode("GIF89a");
const svg = new TextEncoder().encode("<svg xmlns=");

describe("a photo before upload (the server's rules)", () => {
  it("takes PNG, JPEG and WebP up to 1 MB", () => {
    expect(photoProblem(1000, png)).toBeNull();
    expect(photoProblem(1000, jpeg)).toBeNull();
    expect(photoProblem(1024 * 1024, webp)).toBeNull();
  });

  it("refuses other types by their bytes, whatever the name says", () => {
    expect(photoProblem(1000, gif)).toBe("Choose a PNG, JPEG or WebP image.");
    expect(photoProblem(1000, svg)).toBe("Choose a PNG, JPEG or WebP image.");
  });

  it("refuses an empty file and one over 1 MB", () => {
    expect(photoProblem(0, new Uint8Array())).toBe("That file is empty. Choose a photo.");
    expect(photoProblem(1024 * 1024 + 1, png)).toBe(
      "That photo is larger than 1 MB. Choose a smaller one.",
    );
  });
});
