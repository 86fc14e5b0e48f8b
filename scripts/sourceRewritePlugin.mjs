// An esbuild plugin that hands each module whose path matches `filter` to `rewrite(source, path)`
// and bundles what it returns: the shape of the library rewrites scripts/bundle.mjs applies.
import fs from "node:fs";

export function sourceRewritePlugin(name, filter, rewrite) {
  return {
    name,
    setup(build) {
      build.onLoad({ filter }, async (args) => ({ contents: rewrite(await fs.promises.readFile(args.path, "utf8"), args.path), loader: "js" }));
    },
  };
}
