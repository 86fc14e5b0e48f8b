// A query's address argument as bytes. An empty or malformed address is the caller's mistake, so
// it answers INVALID_ARGUMENT with the codec's message, never INTERNAL.
import { parseAccAddress } from "../address.js";
import { AppError } from "../errors.js";
import { invalidArgument } from "./queryError.js";

/**
 * @param parse the codec of the address kind (account by default; valoper, valcons...)
 * @param emptyMessage the module's own wording for an empty address, when it has one (the SDK's
 *   staking says "delegator address cannot be empty", distribution "empty delegator address")
 */
export function addressArg(text: string, parse: (text: string) => Uint8Array = (t) => parseAccAddress(t), emptyMessage?: string): Uint8Array {
  if (emptyMessage !== undefined && text === "") throw invalidArgument(emptyMessage);
  try {
    return parse(text);
  } catch (err) {
    throw invalidArgument(err instanceof AppError ? err.message : String(err));
  }
}
