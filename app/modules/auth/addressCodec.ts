// Account addresses as the state machine reads and prints them: 20 bytes, bech32 `unit1...` on
// the wire. Parsing errors are the SDK's "invalid address" with the reason.
import { bech32 } from "@scure/base";
import { sdkErrors } from "../../errors.js";

export const ACCOUNT_PREFIX = "unit";
export const ADDRESS_LENGTH = 20;

export function accAddressToString(address: Uint8Array): string {
  return bech32.encode(ACCOUNT_PREFIX, bech32.toWords(address));
}

/** Parses a bech32 account address of a message field; `field` names it in the error. */
export function parseAccAddress(text: string, field = "address"): Uint8Array {
  if (text === "") throw sdkErrors.invalidAddress.wrap(`empty ${field}`);
  let decoded;
  try {
    decoded = bech32.decode(text as `${string}1${string}`);
  } catch (err) {
    throw sdkErrors.invalidAddress.wrap(`invalid ${field} "${text.slice(0, 100)}": ${(err as Error).message}`);
  }
  if (decoded.prefix !== ACCOUNT_PREFIX) throw sdkErrors.invalidAddress.wrap(`invalid ${field} "${text.slice(0, 100)}": expected prefix ${ACCOUNT_PREFIX}, got ${decoded.prefix}`);
  const bytes = bech32.fromWords(decoded.words);
  if (bytes.length !== ADDRESS_LENGTH) throw sdkErrors.invalidAddress.wrap(`invalid ${field} "${text}": expected ${ADDRESS_LENGTH} bytes, got ${bytes.length}`);
  return bytes;
}
