// Module hooks (node:module register) that give a process run from source the library rewrites the
// node's bundles are built with (scripts/libraryRewrites.mjs): @ethereumjs/evm's object copies with
// Object.assign and @ethereumjs/util's padding into a zeroed array. Each rewrite throws unless it
// matches exactly once, as in the build.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LIBRARY_REWRITES } from "../../scripts/libraryRewrites.mjs";

// Only the project's own copies: a package's nested copy of another version (hardhat's
// @ethereumjs/util) is not what the node runs, and its source need not match.
const PACKAGES = fileURLToPath(new URL("../../node_modules", import.meta.url));

/** The rewrite of `file`'s source, when it is one of the library modules the bundles rewrite. */
export function rewriteFor(file) {
  const relative = path.relative(PACKAGES, file);
  if (relative.startsWith("..") || path.isAbsolute(relative) || relative.includes("node_modules")) return undefined;
  return LIBRARY_REWRITES.find((r) => r.module.test(file))?.rewrite;
}

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  // CommonJS under Node 20 comes without a source; the rewritten modules are ES modules.
  if (!url.startsWith("file:") || loaded.source == null) return loaded;
  const file = fileURLToPath(url);
  const rewrite = rewriteFor(file);
  if (rewrite === undefined) return loaded;
  const source = typeof loaded.source === "string" ? loaded.source : new TextDecoder().decode(loaded.source);
  return { ...loaded, source: rewrite(source, file), shortCircuit: true };
}
