/**
 * Checks a chosen photo before it is sent, with the server's own rules (@lumen/contracts
 * profile.ts): PNG, JPEG or WebP by its first bytes, at most 1 MB. The server checks again.
 */
import { MAX_PHOTO_BYTES, photoTypeOf } from "@lumen/contracts";

/** What is wrong with a file of this size starting with these bytes, or null. */
export function photoProblem(size: number, head: Uint8Array): string | null {
  if (size === 0) return "That file is empty. Choose a photo.";
  if (!photoTypeOf(head)) return "Choose a PNG, JPEG or WebP image.";
  if (size > MAX_PHOTO_BYTES) return "That photo is larger than 1 MB. Choose a smaller one.";
  return null;
}

export async function checkPhotoFile(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return photoProblem(file.size, head);
}
