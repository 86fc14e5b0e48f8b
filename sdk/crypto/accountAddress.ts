// Account addresses as users type them: one 20-byte address is both `unit1...` and `0x...`, and
// every place that takes an account (CLI flags, the faucet) accepts either form.
import { decodeBech32, encodeBech32 } from "./bech32.js";
import { formatHexAddress, parseHexAddress } from "./hexAddress.js";
import { BECH32_PREFIX_ACCOUNT, BECH32_PREFIX_VALIDATOR } from "./prefixes.js";

/**
 * The 20 bytes of an account address given as `unit1...` or `0x...` (surrounding whitespace is
 * ignored). Throws AddressError with a specific reason.
 */
export function parseAccountAddress(address: string): Uint8Array {
  const trimmed = address.trim();
  if (/^0x/i.test(trimmed)) return parseHexAddress(trimmed);
  return decodeBech32(trimmed, { prefix: BECH32_PREFIX_ACCOUNT });
}

/** `unit1...` form of a 20-byte account address. */
export function formatAccountAddress(address: Uint8Array): string {
  return encodeBech32(BECH32_PREFIX_ACCOUNT, address);
}

/** `unitvaloper1...` form: the validator operated by this account. */
export function formatValidatorAddress(address: Uint8Array): string {
  return encodeBech32(BECH32_PREFIX_VALIDATOR, address);
}

/** Both display forms of one account address. */
export function accountAddressForms(address: Uint8Array): { bech32: string; hex: string } {
  return { bech32: formatAccountAddress(address), hex: formatHexAddress(address) };
}
