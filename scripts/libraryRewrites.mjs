// The library rewrites the node's bundles are built with (scripts/bundle.mjs), in one list that the
// in-process benches' module hooks (bench/libraryRewrites/) apply too, so neither can miss one.
// Each entry: the module it rewrites, the rewrite of its source, and the esbuild plugin applying it.
import { EVM_MODULE, evmObjectCopies, rewriteEvmObjectCopies } from "./evmObjectCopies.mjs";
import { UTIL_BYTES_MODULE, rewriteUtilPadding, utilBytePadding } from "./utilBytePadding.mjs";

export const LIBRARY_REWRITES = [
  { module: EVM_MODULE, rewrite: rewriteEvmObjectCopies, plugin: evmObjectCopies },
  { module: UTIL_BYTES_MODULE, rewrite: rewriteUtilPadding, plugin: utilBytePadding },
];
