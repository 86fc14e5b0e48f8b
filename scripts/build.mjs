// `npm run build`: the protobuf code (buf generate), the TypeScript (tsc), the processes' bundles
// (scripts/bundle.mjs) and the explorer bundle,
// each step skipped when the files it reads are byte for byte the ones it last built from (a
// sha256 over their paths and contents, kept in dist/.stamps). An unchanged tree therefore starts
// at once (`npm start`), while any edit, checkout or dependency change rebuilds what it affects.
// Usage: node scripts/build.mjs [--force] [--quiet]
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamps = path.join(root, "dist", ".stamps");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const TS_SOURCES = ["abci", "app", "common", "cometbft", "gateway", "evm", "gen", "sdk"];
const isSource = (file) => /\.(ts|mts|js|mjs|css|html|json)$/.test(file) && !/\.test\.ts$/.test(file);
/** The bundler and the scripts it imports: a change to any of them rebuilds the bundles. */
const BUNDLER_SCRIPTS = [
  "scripts/bundle.mjs",
  "scripts/libraryRewrites.mjs",
  "scripts/evmObjectCopies.mjs",
  "scripts/utilBytePadding.mjs",
  "scripts/sourceRewritePlugin.mjs",
];
/** What tsc compiles, which the bundles are made from too. */
const typeScriptInputs = () => [...files(TS_SOURCES, (f) => f.endsWith(".ts") && isSource(f)), ...existing(["tsconfig.json", "package-lock.json"])];

const steps = [
  {
    name: "protobuf code (buf generate)",
    stamp: "gen",
    inputs: () => [...files(["proto"], (f) => f.endsWith(".proto")), ...existing(["buf.gen.yaml", "buf.yaml", "buf.lock", "package-lock.json"])],
    output: "gen/cosmos/tx/v1beta1/tx_pb.ts",
    run: () => exec(bin("buf"), ["generate"]),
  },
  {
    name: "TypeScript (tsc)",
    stamp: "tsc",
    inputs: typeScriptInputs,
    output: "dist/app/cli/unitd.js",
    run: () => exec(bin("tsc"), ["-p", "tsconfig.json"]),
  },
  {
    name: "process bundles (esbuild)",
    stamp: "bundles",
    inputs: () => [...typeScriptInputs(), ...BUNDLER_SCRIPTS],
    output: "dist/app/main.bundle.mjs",
    run: () => exec(process.execPath, [path.join(root, "scripts", "bundle.mjs")]),
  },
  {
    name: "explorer bundle (esbuild)",
    stamp: "explorer",
    inputs: () => [...files(["explorer", "sdk", "gen"], isSource), ...existing(["package-lock.json"])],
    output: "dist/explorer/index.html",
    run: () => exec(process.execPath, [path.join(root, "explorer", "build.mjs")]),
  },
];

/** Runs the steps whose inputs changed since they last ran (every step when `force`). */
export function build({ force = false, quiet = false } = {}) {
  for (const step of steps) {
    const digest = fingerprint(step.inputs());
    const stampFile = path.join(stamps, step.stamp);
    const upToDate = !force && fs.existsSync(path.join(root, step.output)) && readText(stampFile) === digest;
    if (upToDate) continue;
    if (!quiet) process.stderr.write(`build: ${step.name}\n`);
    // Forget the stamp first: a step that fails or is interrupted runs again next time.
    fs.rmSync(stampFile, { force: true });
    step.run();
    fs.mkdirSync(stamps, { recursive: true });
    // Hash again after the step: buf generate rewrites gen/, which the later steps read.
    fs.writeFileSync(stampFile, fingerprint(step.inputs()));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build({ force: process.argv.includes("--force"), quiet: process.argv.includes("--quiet") });
}

/** Every file under `dirs` (recursively, no dist or node_modules) that `keep` accepts, as repo-relative paths. */
function files(dirs, keep) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "dist" && entry.name !== "node_modules") walk(rel);
      } else if (keep(rel)) out.push(rel);
    }
  };
  for (const dir of dirs) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return out;
}

function existing(names) {
  return names.filter((n) => fs.existsSync(path.join(root, n)));
}

function fingerprint(paths) {
  const hash = createHash("sha256");
  for (const rel of [...new Set(paths)].sort()) {
    const content = fs.readFileSync(path.join(root, rel));
    hash.update(`${rel}\0${content.length}\0`).update(content);
  }
  return hash.digest("hex");
}

function readText(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function exec(command, args) {
  // As under npm run: the local binaries (buf's protoc-gen-es plugin among them) on the PATH.
  const env = { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}` };
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}
