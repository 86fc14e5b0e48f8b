// An esbuild bundle for the browser that reports every Node builtin it would need (node:fs, a
// bare "crypto" ...) instead of failing on the first: the SDK's browser-safety checks read the list.
import { builtinModules } from "node:module";
import path from "node:path";
import * as esbuild from "esbuild";

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

export interface BrowserBundle {
  /** Each builtin import as "<module> (imported by <file>)", relative to absWorkingDir. */
  builtins: string[];
  /** The bundled input files, relative to absWorkingDir. */
  inputs: string[];
  bytes: number;
}

/** Bundles `entry` (entryPoints or stdin) as an ES module for browsers; nothing is written. */
export async function bundleForBrowser(absWorkingDir: string, entry: Pick<esbuild.BuildOptions, "entryPoints" | "stdin">): Promise<BrowserBundle> {
  const builtins: string[] = [];
  const result = await esbuild.build({
    ...entry,
    absWorkingDir,
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [
      {
        name: "report-node-builtins",
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (!BUILTINS.has(args.path)) return undefined;
            builtins.push(`${args.path} (imported by ${path.relative(absWorkingDir, args.importer) || "the entry"})`);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return { builtins, inputs: Object.keys(result.metafile.inputs), bytes: result.outputFiles[0]!.contents.length };
}
