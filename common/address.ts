// Account addresses as the state machine reads and prints them: 20 bytes, bech32 `unit1...` in
// messages. The format rules live in the client SDK's crypto; here a bad address becomes the
// SDK's "invalid address" error naming the field.
import { decodeBech32, encodeBech32 } from "../sdk/crypto/bech32.js";
import { ADDRESS_LENGTH, BECH32_PREFIX_ACCOUNT, BECH32_PREFIX_CONSENSUS, BECH32_PREFIX_VALIDATOR } from "../sdk/crypto/prefixes.js";
import { sdkErrors } from "./errors.js";

export const ACCOUNT_PREFIX = BECH32_PREFIX_ACCOUNT;
export { ADDRESS_LENGTH };

export function accAddressToString(address: Uint8Array): string {
  return encodeBech32(ACCOUNT_PREFIX, address);
}

/** Parses a bech32 account address of a message field; `field` names it in the error. */
export function parseAccAddress(text: string, field = "address"): Uint8Array {
  return parseAddress(text, ACCOUNT_PREFIX, field);
}

/** A validator's consensus address (CometBFT's 20-byte address of its key) as `unitvalcons1...`. */
export function consAddressToString(address: Uint8Array): string {
  return encodeBech32(BECH32_PREFIX_CONSENSUS, address);
}

/** Parses a bech32 `unitvalcons1...` address; `field` names it in the error. */
export function parseConsAddress(text: string, field = "consensus address"): Uint8Array {
  return parseAddress(text, BECH32_PREFIX_CONSENSUS, field);
}

/** A validator's operator address (the operator account's 20 bytes) as `unitvaloper1...`. */
export function valAddressToString(operator: Uint8Array): string {
  return encodeBech32(BECH32_PREFIX_VALIDATOR, operator);
}

/** Parses a bech32 `unitvaloper1...` address; `field` names it in the error. */
export function parseValAddress(text: string, field = "validator address"): Uint8Array {
  return parseAddress(text, BECH32_PREFIX_VALIDATOR, field);
}

function parseAddress(text: string, prefix: string, field: string): Uint8Array {
  if (text === "") throw sdkErrors.invalidAddress.wrap(`empty ${field}`);
  try {
    return decodeBech32(text, { prefix, length: ADDRESS_LENGTH });
  } catch (err) {
    throw sdkErrors.invalidAddress.wrap(`invalid ${field}: ${(err as Error).message}`);
  }
}
