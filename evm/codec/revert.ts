// What a revert says: the reason of Solidity's Error(string) or the code of Panic(uint256), for
// "execution reverted: <reason>" (the message tools show; the raw bytes go in the error's data).
import { RpcCode, RpcError } from "../rpc/errors.js";
import { data } from "./hex.js";

/** bytes4(keccak256("Error(string)")) */
const ERROR_SELECTOR = "08c379a0";
/** bytes4(keccak256("Panic(uint256)")) */
const PANIC_SELECTOR = "4e487b71";

/** Solidity's panic codes, as its documentation names them. */
const PANIC_REASONS: Record<number, string> = {
  0x00: "generic panic",
  0x01: "assert(false)",
  0x11: "arithmetic underflow or overflow",
  0x12: "division or modulo by zero",
  0x21: "enum overflow",
  0x22: "invalid encoded storage byte array accessed",
  0x31: "out-of-bounds array access; popping on an empty array",
  0x32: "out-of-bounds access of an array or bytesN",
  0x41: "out of memory",
  0x51: "uninitialized function",
};

/** The reason a revert's data gives, or undefined when it is neither Error(string) nor Panic(uint256). */
export function revertReason(revertData: Uint8Array): string | undefined {
  const hex = Buffer.from(revertData).toString("hex");
  if (hex.startsWith(ERROR_SELECTOR)) return decodeErrorString(Buffer.from(revertData.subarray(4)));
  if (hex.startsWith(PANIC_SELECTOR) && revertData.length === 36) {
    const code = BigInt(`0x${hex.slice(8)}`);
    const known = code <= 0xffn ? PANIC_REASONS[Number(code)] : undefined;
    return `${known ?? "unknown panic code"} (0x${code.toString(16)})`;
  }
  return undefined;
}

/** ABI-decodes the string argument of Error(string); undefined when the encoding is malformed. */
function decodeErrorString(args: Buffer): string | undefined {
  if (args.length < 64) return undefined;
  const offset = args.readBigUInt64BE(24);
  if (args.subarray(0, 24).some((b) => b !== 0) || offset + 32n > BigInt(args.length)) return undefined;
  const at = Number(offset);
  const head = args.subarray(at, at + 32);
  if (head.subarray(0, 24).some((b) => b !== 0)) return undefined;
  const length = head.readBigUInt64BE(24);
  if (BigInt(at + 32) + length > BigInt(args.length)) return undefined;
  return args.subarray(at + 32, at + 32 + Number(length)).toString("utf8");
}

/** The error eth_call and eth_estimateGas answer for a revert: code 3, the reason, the raw data. */
export function executionReverted(revertData: Uint8Array): RpcError {
  const reason = revertReason(revertData);
  return new RpcError(RpcCode.executionReverted, reason === undefined ? "execution reverted" : `execution reverted: ${reason}`, data(revertData));
}
