// An esbuild plugin for scripts/bundle.mjs: in the bundled @ethereumjs/util, `setLength` (behind
// setLengthLeft and setLengthRight) pads with a zeroed array and `set` instead of spreading both
// arrays into a new one. Same result, a fresh array of `length` bytes with the input at the left
// or right end, at a fraction of the cost: the EVM pads every address it takes off the stack
// (CALL, BALANCE, EXTCODE*) and every SSTORE key and value this way, and the spread was 10 % of a
// loop of calls and 14 % of a Token transfer through evm.runCall (bench/RESULTS.md round 19).
//
// The rewrite must match exactly once, or the build fails: a new version of the library is looked
// at again rather than bundled without it.
import { sourceRewritePlugin } from "./sourceRewritePlugin.mjs";

/** The module rewritten: the byte helpers of the package's ESM build. */
export const UTIL_BYTES_MODULE = /[\\/]@ethereumjs[\\/]util[\\/]dist[\\/]esm[\\/]bytes\.js$/;

const SPREAD_PADDING =
  /return right\s*\?\s*new Uint8Array\(\[\.\.\.msg,\s*\.\.\.new Uint8Array\(length - msg\.length\)\]\)\s*:\s*new Uint8Array\(\[\.\.\.new Uint8Array\(length - msg\.length\),\s*\.\.\.msg\]\);/g;

/** What the padding becomes: the same bytes in a fresh array. */
const SET_PADDING = "{ const padded = new Uint8Array(length); padded.set(msg, right ? 0 : length - msg.length); return padded; }";

/** `source` with the padding rewritten; throws unless it matched exactly once. */
export function rewriteUtilPadding(source, file = "bytes.js") {
  const found = source.match(SPREAD_PADDING)?.length ?? 0;
  if (found !== 1) throw new Error(`${file}: setLength's padding matched ${found} times, not once: update scripts/utilBytePadding.mjs`);
  return source.replace(SPREAD_PADDING, SET_PADDING);
}

export const utilBytePadding = sourceRewritePlugin("util-byte-padding", UTIL_BYTES_MODULE, rewriteUtilPadding);
