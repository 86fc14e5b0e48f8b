// Test-only: tiny contracts assembled by hand, with the calldata that drives them. `Probe` picks a
// function by the first calldata byte; `proxy` forwards its calldata to a target with all its gas
// (so it needs more than it consumes: the callee gets at most 63/64 of what is left).
import { concatBytes } from "@ethereumjs/util";

type Item = string | { push: number | bigint | Uint8Array } | { label: string } | { mark: string } | { pushLabel: string } | { raw: Uint8Array };

const OPCODES: Record<string, number> = {
  STOP: 0x00,
  ADD: 0x01,
  SUB: 0x03,
  EQ: 0x14,
  ISZERO: 0x15,
  SHR: 0x1c,
  KECCAK256: 0x20,
  CALLDATALOAD: 0x35,
  CALLDATASIZE: 0x36,
  CALLDATACOPY: 0x37,
  CODECOPY: 0x39,
  BLOCKHASH: 0x40,
  COINBASE: 0x41,
  TIMESTAMP: 0x42,
  NUMBER: 0x43,
  GASLIMIT: 0x45,
  BASEFEE: 0x48,
  POP: 0x50,
  MLOAD: 0x51,
  MSTORE: 0x52,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMP: 0x56,
  JUMPI: 0x57,
  GAS: 0x5a,
  JUMPDEST: 0x5b,
  PUSH0: 0x5f,
  DUP1: 0x80,
  LOG0: 0xa0,
  LOG1: 0xa1,
  CALL: 0xf1,
  RETURN: 0xf3,
  REVERT: 0xfd,
  INVALID: 0xfe,
};

/** Two passes: labels are PUSH2 offsets; `{label}` places a JUMPDEST, `{mark}` only names the offset (of data), `{raw}` appends bytes. */
export function assemble(items: Item[]): Uint8Array {
  const size = (item: Item): number =>
    typeof item === "string"
      ? 1
      : "push" in item
        ? 1 + pushBytes(item.push).length
        : "label" in item
          ? 1
          : "mark" in item
            ? 0
            : "pushLabel" in item
              ? 3
              : item.raw.length;
  const labels = new Map<string, number>();
  let at = 0;
  for (const item of items) {
    if (typeof item === "object" && "label" in item) labels.set(item.label, at);
    if (typeof item === "object" && "mark" in item) labels.set(item.mark, at);
    at += size(item);
  }
  const out: number[] = [];
  for (const item of items) {
    if (typeof item === "string") {
      const op = OPCODES[item];
      if (op === undefined) throw new Error(`unknown opcode ${item}`);
      out.push(op);
    } else if ("push" in item) {
      const bytes = pushBytes(item.push);
      out.push(bytes.length === 0 ? 0x5f : 0x5f + bytes.length, ...bytes);
    } else if ("label" in item) out.push(0x5b);
    else if ("mark" in item) continue;
    else if ("pushLabel" in item) {
      const target = labels.get(item.pushLabel);
      if (target === undefined) throw new Error(`unknown label ${item.pushLabel}`);
      out.push(0x61, target >> 8, target & 0xff);
    } else out.push(...item.raw);
  }
  return Uint8Array.from(out);
}

function pushBytes(value: number | bigint | Uint8Array): Uint8Array {
  if (value instanceof Uint8Array) return value;
  let v = BigInt(value);
  const bytes: number[] = [];
  while (v > 0n) {
    bytes.unshift(Number(v & 0xffn));
    v >>= 8n;
  }
  return Uint8Array.from(bytes);
}

/** Init code that deploys `runtime`. */
export function deployCode(runtime: Uint8Array): Uint8Array {
  const n = runtime.length;
  return concatBytes(Uint8Array.of(0x61, n >> 8, n & 0xff, 0x60, 12, 0x5f, 0x39, 0x61, n >> 8, n & 0xff, 0x5f, 0xf3), runtime);
}

/** Error(string) revert data, as Solidity's `revert("...")` encodes it (reason of at most 32 bytes). */
export function errorStringData(reason: string): Uint8Array {
  const text = new TextEncoder().encode(reason);
  const word = (n: number) => {
    const w = new Uint8Array(32);
    new DataView(w.buffer).setUint32(28, n);
    return w;
  };
  const padded = new Uint8Array(32);
  padded.set(text);
  return concatBytes(Uint8Array.of(0x08, 0xc3, 0x79, 0xa0), word(32), word(text.length), padded);
}

export const REVERT_REASON = "probe says no";
export const LOG_TOPIC = new Uint8Array(32).fill(0x2a);
const revertData = errorStringData(REVERT_REASON);

/** Calldata selecting a Probe function. */
export const probe = {
  /** Returns slot 0 (a view). */
  get: Uint8Array.of(0x01),
  /** slot 0 += 1, then LOG1(LOG_TOPIC, the new value). */
  increment: Uint8Array.of(0x02),
  /** Reverts with Error(REVERT_REASON). */
  fail: Uint8Array.of(0x03),
  /** Runs out of gas at once, however much it has (memory at offset 2^32: far beyond any gas). */
  burn: Uint8Array.of(0x04),
  /** Returns blockhash(n). */
  blockHash: (n: bigint) => concatBytes(Uint8Array.of(0x05), pushWord(n)),
  /** Returns NUMBER, TIMESTAMP, BASEFEE, COINBASE, GASLIMIT as five words. */
  env: Uint8Array.of(0x06),
  /** Sets slot 0 to zero (a refund when it was not). */
  clear: Uint8Array.of(0x07),
  /** Executes the INVALID opcode. */
  invalid: Uint8Array.of(0x08),
  /** Stores blockhash(NUMBER - 1) in slot 1. */
  recordParentHash: Uint8Array.of(0x09),
};

function pushWord(n: bigint): Uint8Array {
  const w = new Uint8Array(32);
  for (let i = 31; i >= 0 && n > 0n; i--, n >>= 8n) w[i] = Number(n & 0xffn);
  return w;
}

const route = (selector: number, label: string): Item[] => ["DUP1", { push: selector }, "EQ", { pushLabel: label }, "JUMPI"];

export const PROBE_RUNTIME = assemble([
  { push: 0 },
  "CALLDATALOAD",
  { push: 0xf8 },
  "SHR",
  ...route(1, "get"),
  ...route(2, "increment"),
  ...route(3, "fail"),
  ...route(4, "burn"),
  ...route(5, "blockHash"),
  ...route(6, "env"),
  ...route(7, "clear"),
  ...route(8, "invalid"),
  ...route(9, "recordParentHash"),
  "STOP",
  { label: "get" },
  { push: 0 },
  "SLOAD",
  { push: 0 },
  "MSTORE",
  { push: 32 },
  { push: 0 },
  "RETURN",
  { label: "increment" },
  { push: 0 },
  "SLOAD",
  { push: 1 },
  "ADD",
  "DUP1",
  { push: 0 },
  "SSTORE",
  { push: 0 },
  "MSTORE",
  { push: LOG_TOPIC },
  { push: 32 },
  { push: 0 },
  "LOG1",
  "STOP",
  { label: "fail" },
  { push: revertData.length },
  { pushLabel: "revertData" },
  { push: 0 },
  "CODECOPY",
  { push: revertData.length },
  { push: 0 },
  "REVERT",
  { label: "burn" },
  { push: 0xffffffffn },
  "MLOAD",
  { label: "blockHash" },
  { push: 1 },
  "CALLDATALOAD",
  "BLOCKHASH",
  { push: 0 },
  "MSTORE",
  { push: 32 },
  { push: 0 },
  "RETURN",
  { label: "env" },
  "NUMBER",
  { push: 0 },
  "MSTORE",
  "TIMESTAMP",
  { push: 32 },
  "MSTORE",
  "BASEFEE",
  { push: 64 },
  "MSTORE",
  "COINBASE",
  { push: 96 },
  "MSTORE",
  "GASLIMIT",
  { push: 128 },
  "MSTORE",
  { push: 160 },
  { push: 0 },
  "RETURN",
  { label: "clear" },
  { push: 0 },
  { push: 0 },
  "SSTORE",
  "STOP",
  { label: "invalid" },
  "INVALID",
  { label: "recordParentHash" },
  { push: 1 },
  "NUMBER",
  "SUB",
  "BLOCKHASH",
  { push: 1 },
  "SSTORE",
  "STOP",
  // Data, never executed: the revert reason CODECOPY reads.
  { mark: "revertData" },
  { raw: revertData },
]);

/** Forwards its calldata to `target` with all its gas; reverts (with nothing) when that call fails. */
export function proxyRuntime(target: Uint8Array): Uint8Array {
  return assemble([
    "CALLDATASIZE",
    { push: 0 },
    { push: 0 },
    "CALLDATACOPY",
    { push: 0 },
    { push: 0 },
    "CALLDATASIZE",
    { push: 0 },
    { push: 0 },
    { push: target },
    "GAS",
    "CALL",
    { pushLabel: "ok" },
    "JUMPI",
    { push: 0 },
    { push: 0 },
    "REVERT",
    { label: "ok" },
    "STOP",
  ]);
}

/** Jumps to itself until it runs out of gas: 12 gas a turn, about a second of VM time for 30M gas. */
export const JUMP_LOOP_RUNTIME = assemble([{ label: "top" }, { pushLabel: "top" }, "JUMP"]);

/**
 * Copies its calldata to memory, then STATICCALLs `precompile` with it (all gas but 1/64, output
 * after the input) again and again until it runs out of gas: a long run made of precompile calls.
 */
export function precompileLoopRuntime(precompile: number, inputLength: number, outputLength: number): Uint8Array {
  return assemble([
    "CALLDATASIZE",
    { push: 0 },
    { push: 0 },
    "CALLDATACOPY",
    { label: "loop" },
    { push: outputLength },
    { push: inputLength },
    { push: inputLength },
    { push: 0 },
    { push: precompile },
    "GAS",
    { raw: Uint8Array.of(0xfa) }, // STATICCALL
    "POP",
    { pushLabel: "loop" },
    "JUMP",
  ]);
}

/** Init code that runs out of gas at once: a deployment that burns its whole gas limit. */
export const BURN_ALL_INIT = assemble([{ push: 0xffffffffn }, "MLOAD"]);
