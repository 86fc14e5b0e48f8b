// The opcodes that spend most of their time converting between stack words and bytes:
// @ethereumjs/evm pads each MSTORE's word through a hex string and array spreads (a tenth of the
// interpreter's time in an ERC-20 transfer), and turns an address into a word the same way
// (ADDRESS, CALLER, ORIGIN, COINBASE: 2 gas for ~0.4 µs, which made a loop of them the slowest 30M
// gas of cheap opcodes). BLOBBASEFEE, also 2 gas, recomputed the block's blob gas price (an
// exponential series) each time; it is kept per block header here. Each handler here does what the
// library's does, step for step, with the conversions of words.ts; gas is untouched (it is charged
// by the entry's gas handler before the logic runs). A VM's opcode table is patched in place when
// the VM is built, before it runs anything; an entry whose name or kind is not what the library had
// when this was written throws, so a changed library fails at start instead of running other logic.
import type { Common } from "@ethereumjs/common";
import type { EVM } from "@ethereumjs/evm";
import type { Address } from "@ethereumjs/util";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToWord, wordToBytes } from "./words.js";
import { opcodeTable, type OpHandler, type RunState } from "./opcodeTable.js";

const EMPTY = new Uint8Array(0);

// An address's word, kept per Address object: a frame's own, its caller and the tx's origin are
// the same objects for the whole frame, and the coinbase for the whole block.
const addressWords = new WeakMap<Address, bigint>();

function addressWord(a: Address): bigint {
  let word = addressWords.get(a);
  if (word === undefined) {
    word = bytesToWord(a.bytes);
    addressWords.set(a, word);
  }
  return word;
}

function address(runState: RunState): void {
  runState.stack.push(addressWord(runState.env.address));
}

function origin(runState: RunState): void {
  runState.stack.push(addressWord(runState.env.origin));
}

function caller(runState: RunState): void {
  runState.stack.push(addressWord(runState.env.caller));
}

/** The 32 bytes of call data from an offset, zero past its end. */
function calldataload(runState: RunState): void {
  const pos = runState.stack.pop();
  const data = runState.env.callData;
  if (pos >= BigInt(data.length)) {
    runState.stack.push(0n);
    return;
  }
  const start = Number(pos);
  const loaded = data.subarray(start, start + 32);
  runState.stack.push(bytesToWord(loaded) << BigInt(8 * (32 - loaded.length)));
}

/** The block's coinbase; on a Clique chain the library asks its signer, so that stays the library's. */
function coinbase(runState: RunState): void {
  runState.stack.push(addressWord(runState.env.block.header.coinbase));
}

/** PREVRANDAO since the merge (EIP-4399), DIFFICULTY before it. */
function prevrandao(runState: RunState, common: Common): void {
  const header = runState.env.block.header;
  runState.stack.push(common.isActivatedEIP(4399) ? bytesToWord(header.prevRandao) : header.difficulty);
}

function keccak256(runState: RunState, common: Common): void {
  const [offset, length] = runState.stack.popN(2);
  const data = length === 0n ? EMPTY : runState.memory.read(Number(offset!), Number(length));
  runState.stack.push(bytesToWord((common.customCrypto.keccak256 ?? keccak_256)(data)));
}

function mload(runState: RunState): void {
  const pos = runState.stack.pop();
  runState.stack.push(bytesToWord(runState.memory.read(Number(pos), 32, true)));
}

function mstore(runState: RunState): void {
  const [offset, word] = runState.stack.popN(2);
  runState.memory.write(Number(offset!), 32, wordToBytes(word!));
}

async function sload(runState: RunState): Promise<void> {
  const key = runState.stack.pop();
  const value = await runState.interpreter.storageLoad(wordToBytes(key));
  runState.stack.push(value.length > 0 ? bytesToWord(value) : 0n);
}

/** LOG0 to LOG4: the opcode says how many topics. */
function log(runState: RunState): void {
  const [memOffset, memLength] = runState.stack.popN(2);
  const topicsCount = runState.opCode - 0xa0;
  const topics = runState.stack.popN(topicsCount).map(wordToBytes);
  const data = memLength === 0n ? EMPTY : runState.memory.read(Number(memOffset!), Number(memLength));
  runState.interpreter.log(data, topicsCount, topics);
}

const blobBaseFees = new WeakMap<object, bigint>();

/** The block's blob base fee, computed once per header; the library's error if it has none. */
function blobbasefee(runState: RunState): void {
  const header = runState.env.block.header;
  let fee = blobBaseFees.get(header);
  if (fee === undefined) {
    fee = runState.interpreter.getBlobBaseFee();
    blobBaseFees.set(header, fee);
  }
  runState.stack.push(fee);
}

const REPLACEMENTS: { code: number; name: string; isAsync: boolean; handler: OpHandler }[] = [
  { code: 0x20, name: "KECCAK256", isAsync: false, handler: keccak256 },
  { code: 0x30, name: "ADDRESS", isAsync: true, handler: address },
  { code: 0x32, name: "ORIGIN", isAsync: true, handler: origin },
  { code: 0x33, name: "CALLER", isAsync: true, handler: caller },
  { code: 0x35, name: "CALLDATALOAD", isAsync: true, handler: calldataload },
  { code: 0x41, name: "COINBASE", isAsync: true, handler: coinbase },
  { code: 0x44, name: "PREVRANDAO", isAsync: true, handler: prevrandao },
  { code: 0x4a, name: "BLOBBASEFEE", isAsync: false, handler: blobbasefee },
  { code: 0x51, name: "MLOAD", isAsync: false, handler: mload },
  { code: 0x52, name: "MSTORE", isAsync: false, handler: mstore },
  { code: 0x54, name: "SLOAD", isAsync: true, handler: sload },
  ...[0xa0, 0xa1, 0xa2, 0xa3, 0xa4].map((code) => ({ code, name: "LOG", isAsync: false, handler: log })),
];

/** Puts the handlers above into `evm`'s opcode table; call before the EVM runs anything. */
export function useWordOpcodes(evm: EVM): void {
  const table = opcodeTable(evm);
  const clique = evm.common.consensusAlgorithm() === "clique";
  for (const { code, name, isAsync, handler } of REPLACEMENTS) {
    if (code === 0x41 && clique) continue;
    const entry = table[code];
    if (entry?.opcodeInfo.name !== name || entry.opcodeInfo.isAsync !== isAsync || typeof entry.opHandler !== "function") {
      throw new Error(`@ethereumjs/evm's opcode 0x${code.toString(16)} is not the ${isAsync ? "asynchronous " : ""}${name} this replaces`);
    }
    entry.opHandler = handler;
  }
}
