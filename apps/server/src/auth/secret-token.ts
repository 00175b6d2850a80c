/** Opaque secrets handed to clients (refresh tokens, action codes) and the hashes we keep. */
import { createHash, randomBytes } from "node:crypto";

export const newSecret = () => randomBytes(32).toString("base64url");

export const hashSecret = (secret: string) =>
  createHash("sha256").update(secret).digest("base64url");
