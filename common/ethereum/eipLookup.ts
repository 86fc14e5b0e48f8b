// @ethereumjs/evm asks its Common whether an EIP is active several times for every opcode it runs
// (an ERC-20 transfer asks about a thousand times), and Common.isActivatedEIP answers with
// Array.includes over the ~40 active EIPs: ~30 ns a question, ~3 % of a transfer's execution.
// This answers the same question from a bitmap of the same list in ~2 ns. The Common replaces the
// list with a new array whenever its hardfork or EIPs change (setHardfork, setEIPs), so a bitmap
// is kept per list and looked up by the array itself: a changed Common gets a fresh answer.
import type { Common } from "@ethereumjs/common";

interface ActiveEipList {
  /** The Common's own list of active EIPs (a field the library keeps up to date). */
  _activatedEIPsCache: readonly number[];
}

const bitmaps = new WeakMap<readonly number[], Uint8Array>();
// The list and bitmap of the last question: one Common (and its copies) asks nearly all of them.
let lastList: readonly number[] | undefined;
let lastBits: Uint8Array = new Uint8Array(0);

function bitmapOf(list: readonly number[]): Uint8Array {
  let bits = bitmaps.get(list);
  if (bits === undefined) {
    bits = new Uint8Array(Math.max(0, ...list) + 1);
    for (const eip of list) bits[eip] = 1;
    bitmaps.set(list, bits);
  }
  return bits;
}

/** Common.isActivatedEIP's answer, from the bitmap of the Common's current list. */
function isActivatedEIP(this: ActiveEipList, eip: number): boolean {
  const list = this._activatedEIPsCache;
  if (list !== lastList) {
    lastBits = bitmapOf(list);
    lastList = list;
  }
  return lastBits[eip] === 1;
}

/**
 * Gives `common` the bitmap lookup as its own isActivatedEIP. Copies (Common.copy() assigns the
 * own fields) keep it, each answering from its own list. Throws if the library no longer keeps the
 * list this relies on, rather than answering wrongly.
 */
export function withFastEipLookup(common: Common): Common {
  const list = (common as unknown as Partial<ActiveEipList>)._activatedEIPsCache;
  if (!Array.isArray(list) || !list.every((eip) => Number.isSafeInteger(eip) && eip >= 0)) {
    throw new Error("@ethereumjs/common keeps no list of active EIPs where expected (_activatedEIPsCache)");
  }
  Object.defineProperty(common, "isActivatedEIP", { value: isActivatedEIP, enumerable: true, writable: true, configurable: true });
  return common;
}
