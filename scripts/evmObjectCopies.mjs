// An esbuild plugin for scripts/bundle.mjs: in the bundled @ethereumjs/evm, the object literals that
// copy a whole call message or interpreter state by spreading several objects into one are built
// with Object.assign instead. Same result (every own enumerable property, later sources winning,
// onto a fresh plain object), far less time: Node 20's V8 adds each property after the first
// spread's through its runtime, ~1 µs apiece here, and these literals copy 25-40 properties for
// every message frame: 14-21 % of a Token call through evm.runCall (bench/object-copies.ts,
// bench/RESULTS.md round 16).
//
// Each rewrite must match exactly once, or the build fails: a new version of the library is looked
// at again rather than bundled without them or with a half-matched one.
import { sourceRewritePlugin } from "./sourceRewritePlugin.mjs";

/** The module rewritten: the EVM class's file in the package's ESM build. */
export const EVM_MODULE = /[\\/]@ethereumjs[\\/]evm[\\/]dist[\\/]esm[\\/]evm\.js$/;

export const REWRITES = [
  {
    what: "the message a call's code runs with",
    pattern: /\{\s*\.\.\.\{\s*codeAddress:\s*message\.codeAddress\s*\},\s*\.\.\.message,\s*gasLimit,?\s*\}/g,
    replacement: "Object.assign({ codeAddress: message.codeAddress }, message, { gasLimit })",
  },
  {
    what: "the message a creation's init code runs with",
    pattern: /\{\s*\.\.\.message,\s*gasLimit,\s*isCreate:\s*true,?\s*\}/g,
    replacement: "Object.assign({}, message, { gasLimit, isCreate: true })",
  },
  {
    what: "the interpreter state a frame's result carries",
    pattern: /runState:\s*\{\s*\.\.\.interpreterRes\.runState,\s*\.\.\.result,\s*\.\.\.interpreter\._env,?\s*\}/g,
    replacement: "runState: Object.assign({}, interpreterRes.runState, result, interpreter._env)",
  },
];

/** `source` with every rewrite applied once; throws naming the first that does not match exactly once. */
export function rewriteEvmObjectCopies(source, file = "evm.js") {
  let out = source;
  for (const { what, pattern, replacement } of REWRITES) {
    const found = out.match(pattern)?.length ?? 0;
    if (found !== 1) throw new Error(`${file}: ${what} matched ${found} times, not once: update scripts/evmObjectCopies.mjs`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

export const evmObjectCopies = sourceRewritePlugin("evm-object-copies", EVM_MODULE, rewriteEvmObjectCopies);
