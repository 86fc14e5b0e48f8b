// Module hooks (node:module register) that give a process run from source the library rewrites the
// node's bundles have (scripts/bundle.mjs): @ethereumjs/evm's object copies with Object.assign
// (scripts/evmObjectCopies.mjs) and @ethereumjs/util's padding with a zeroed array
// (scripts/utilBytePadding.mjs). Each rewrite throws unless it matches exactly once, as in the build.
import { fileURLToPath } from "node:url";
import { EVM_MODULE, rewriteEvmObjectCopies } from "../../scripts/evmObjectCopies.mjs";
import { UTIL_BYTES_MODULE, rewriteUtilPadding } from "../../scripts/utilBytePadding.mjs";

const REWRITES = [
  { module: EVM_MODULE, rewrite: rewriteEvmObjectCopies },
  { module: UTIL_BYTES_MODULE, rewrite: rewriteUtilPadding },
];

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith("file:")) return loaded;
  const file = fileURLToPath(url);
  const match = REWRITES.find((r) => r.module.test(file));
  if (match === undefined || loaded.source == null) return loaded;
  return { ...loaded, source: match.rewrite(String(loaded.source), file), shortCircuit: true };
}
