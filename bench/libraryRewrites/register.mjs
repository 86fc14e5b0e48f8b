// `node --import ./bench/libraryRewrites/register.mjs`: library code runs as in the node's bundles
// (hooks.mjs). In-process benches call underNodeLibraryCode() (index.ts), which restarts them with
// this import when it is missing, so their figures are the node's.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
globalThis.__unitLibraryRewrites = true;
