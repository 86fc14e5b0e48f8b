// Builds the web explorer into dist/explorer: explorer/main.ts bundled by esbuild for browsers
// (ES modules, the wallet code split into a chunk loaded on first use), the stylesheet, and
// index.html pointing at both. File names carry a content hash, so the gateway lets browsers
// cache them for a year; index.html itself is never cached.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "dist", "explorer");

const started = Date.now();
fs.rmSync(out, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { app: "explorer/main.ts", style: "explorer/style.css" },
  outdir: out,
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: ["es2022", "chrome110", "firefox115", "safari16"],
  minify: true,
  sourcemap: "linked",
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
});

const outputs = Object.entries(result.metafile.outputs);
const entry = (name) => {
  const found = outputs.find(([, o]) => o.entryPoint === name && !o.entryPoint.endsWith(".map"));
  if (!found) throw new Error(`esbuild wrote no output for ${name}`);
  return path.relative(out, path.join(root, found[0])).split(path.sep).join("/");
};
const html = fs
  .readFileSync(path.join(root, "explorer", "index.html"), "utf8")
  .replace("%SCRIPT%", entry("explorer/main.ts"))
  .replace("%STYLE%", entry("explorer/style.css"));
fs.writeFileSync(path.join(out, "index.html"), html);

const bytes = outputs.filter(([file]) => !file.endsWith(".map")).reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(`explorer: ${outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB in dist/explorer (${Date.now() - started} ms)`);
