// Bundles each module that begins a process or a thread (BUNDLED_MODULES in
// common/node/entryPoints.ts) with esbuild: dist/app/main.js -> dist/app/main.bundle.mjs, our
// compiled code and its packages in one file. Node then reads and links one module instead of
// about a thousand (the app listens for CometBFT in about half the time); launchers pick the
// bundle (runnableModule). Runs after tsc, from `npm run build`.
//
// A package whose code finds files beside its own (a native addon, WebAssembly, a worker script,
// its package.json by path) stays an import from node_modules: inside a bundle, __dirname and
// import.meta.url would name the bundle's directory instead.
// Usage: node scripts/bundle.mjs
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { LIBRARY_REWRITES } from "./libraryRewrites.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { BUNDLED_MODULES } = await import(pathToFileURL(path.join(root, "dist/common/node/entryPoints.js")).href);

// Marks as own-location code: Node's CommonJS file globals, import.meta (url, resolve, dirname),
// require.resolve, and the `bindings` / `node-gyp-build` addon finders.
const FINDS_OWN_FILES = /\b__dirname\b|\b__filename\b|\bimport\.meta\b|\brequire\.resolve\b|require\(["'](bindings|node-gyp-build)["']\)/;

/** Package directory -> whether any of its JavaScript finds files by its own location. */
const findsOwnFiles = new Map();

function packageFindsOwnFiles(dir) {
  let verdict = findsOwnFiles.get(dir);
  if (verdict === undefined) {
    verdict = scriptsUnder(dir).some((file) => FINDS_OWN_FILES.test(fs.readFileSync(file, "utf8")));
    findsOwnFiles.set(dir, verdict);
  }
  return verdict;
}

/** The package's JavaScript files, its own nested packages left to their own verdicts. */
function scriptsUnder(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") out.push(...scriptsUnder(full));
    } else if (/\.(c|m)?js$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The installed package a resolved file belongs to: the directory after its last node_modules. */
function packageDirOf(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0) return undefined;
  const length = parts[at + 1]?.startsWith("@") ? 3 : 2;
  return parts.slice(0, at + length).join(path.sep);
}

const packagesByLocation = {
  name: "packages-by-location",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind === "entry-point" || args.pluginData?.resolving) return undefined;
      if (args.path.startsWith("node:")) return { external: true };
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { resolving: true } });
      // Not installed (an optional dependency such as ws's bufferutil): left to Node at run time,
      // where the package's own fallback handles its absence as it does unbundled.
      if (resolved.errors.length > 0) return { path: args.path, external: true };
      if (resolved.external) return resolved;
      const dir = packageDirOf(resolved.path);
      return dir !== undefined && packageFindsOwnFiles(dir) ? { path: args.path, external: true } : resolved;
    });
  },
};

// app/modules/evm/tx/jumpAnalysisCache.js and interpreterLoop.js reach @ethereumjs/evm's
// interpreter (and the loop its EIP-7928 helper) by file (the package does not export them) to
// patch the class the EVM runs. In a bundle the EVM's modules are the bundled copies, so those
// imports must name the same files for esbuild to share the modules. Found as those modules find
// them: beside the package's entry point.
const evmFile = (relative) => fileURLToPath(new URL(relative, import.meta.resolve("@ethereumjs/evm")));
const evmInterpreter = evmFile("./interpreter.js");
const evmEip7928 = evmFile("./opcodes/EIP7928.js");
/** Per patching module: each dynamic import it must contain, and the library file it stands for. */
const LIBRARY_IMPORTS = {
  "jumpAnalysisCache.js": { "await import(interpreterModule)": evmInterpreter },
  "interpreterLoop.js": { "await import(interpreterModule)": evmInterpreter, "await import(eip7928Module)": evmEip7928 },
};
const sharedEvmInterpreter = {
  name: "shared-evm-interpreter",
  setup(build) {
    build.onLoad({ filter: /[\\/]app[\\/]modules[\\/]evm[\\/]tx[\\/](jumpAnalysisCache|interpreterLoop)\.js$/ }, async (args) => {
      let source = await fs.promises.readFile(args.path, "utf8");
      for (const [expression, file] of Object.entries(LIBRARY_IMPORTS[path.basename(args.path)])) {
        if (!source.includes(expression)) throw new Error(`${args.path} no longer contains "${expression}": update scripts/bundle.mjs`);
        source = source.replace(expression, `await import(${JSON.stringify(file)})`);
      }
      return { contents: source, loader: "js" };
    });
  },
};

for (const file of [evmInterpreter, evmEip7928]) if (!fs.existsSync(file)) throw new Error(`@ethereumjs/evm has no ${file}`);
await esbuild.build({
  absWorkingDir: root,
  entryPoints: BUNDLED_MODULES.map((module) => ({ in: `dist/${module}.js`, out: `${module}.bundle` })),
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // The CommonJS packages in a bundle call require() for Node's modules.
  banner: { js: 'import { createRequire as createBundleRequire } from "node:module";\nconst require = createBundleRequire(import.meta.url);' },
  plugins: [packagesByLocation, sharedEvmInterpreter, ...LIBRARY_REWRITES.map((r) => r.plugin)],
  logLevel: "warning",
});
