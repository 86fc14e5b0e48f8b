// The arguments of chain.evm.Query requests, checked once: a bad one is INVALID_ARGUMENT with a
// message naming the field and what it should look like.
import { decodeBech32 } from "../../../../sdk/crypto/bech32.js";
import { invalidArgument } from "../../../../common/grpc/queryError.js";
import { ACCOUNT_PREFIX, ADDRESS_LENGTH } from "../../../../common/address.js";

const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);

/** An account as `0x` + 40 hex digits (any case: no EIP-55 check, as JSON-RPC servers accept) or `unit1...`. */
export function evmAddressArg(text: string, field = "address"): Uint8Array {
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) return Uint8Array.from(Buffer.from(text.slice(2), "hex"));
  if (text.startsWith(`${ACCOUNT_PREFIX}1`)) {
    try {
      return decodeBech32(text, { prefix: ACCOUNT_PREFIX, length: ADDRESS_LENGTH });
    } catch (err) {
      throw invalidArgument(`${field}: invalid bech32 address ${quoted(text)}: ${(err as Error).message}`);
    }
  }
  throw invalidArgument(`${field} must be 0x followed by 40 hex digits or a bech32 ${ACCOUNT_PREFIX}1... address, got ${quoted(text)}`);
}

/** A storage slot as `0x` + 1 to 64 hex digits, left-padded to 32 bytes. */
export function storageSlotArg(text: string): Uint8Array {
  if (!/^0x[0-9a-fA-F]{1,64}$/.test(text)) throw invalidArgument(`slot must be 0x followed by 1 to 64 hex digits, got ${quoted(text)}`);
  return Uint8Array.from(Buffer.from(text.slice(2).padStart(64, "0"), "hex"));
}

export function txHashArg(text: string): Uint8Array {
  if (!/^0x[0-9a-fA-F]{64}$/.test(text)) throw invalidArgument(`tx_hash must be 0x followed by 64 hex digits, got ${quoted(text)}`);
  return Uint8Array.from(Buffer.from(text.slice(2), "hex"));
}

/** Bytes of exactly `length` (a 20-byte address, a 32-byte topic). */
export function fixedBytesArg(bytes: Uint8Array, length: number, field: string): Uint8Array {
  if (bytes.length !== length) throw invalidArgument(`${field} must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}

/** A decimal amount of aunit; "" (not given) is undefined. At most 2^256 - 1, as every EVM amount. */
export function amountArg(text: string, field: string): bigint | undefined {
  if (text === "") return undefined;
  if (!/^[0-9]{1,78}$/.test(text)) throw invalidArgument(`${field} must be a decimal amount of aunit, got ${quoted(text)}`);
  const amount = BigInt(text);
  if (amount >= 2n ** 256n) throw invalidArgument(`${field} must be below 2^256, got ${text}`);
  return amount;
}
