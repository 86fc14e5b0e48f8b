// Key names become file names (<name>.json), so they are restricted to characters that are safe
// in a path on every OS: no separators, no leading dot (hidden files, "..").
import { InvalidKeyNameError } from "./errors.js";

export const MAX_KEY_NAME_LENGTH = 64;
const KEY_NAME = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*$/;

/** Throws InvalidKeyNameError unless `name` is 1..64 of [A-Za-z0-9._@+-], not starting with . - + or @. */
export function validateKeyName(name: string): void {
  if (name.length === 0) throw new InvalidKeyNameError("key name is empty");
  if (name.length > MAX_KEY_NAME_LENGTH) throw new InvalidKeyNameError(`key name is longer than ${MAX_KEY_NAME_LENGTH} characters`);
  if (!KEY_NAME.test(name)) {
    throw new InvalidKeyNameError(
      `invalid key name ${JSON.stringify(name)}: use letters, digits and . _ - @ + (starting with a letter, digit or _), no slashes or spaces`,
    );
  }
}
