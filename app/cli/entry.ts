// How to launch another of our Node entry points as a child: the compiled .js from dist/, or the
// .ts source through tsx when running from sources.
import { fileURLToPath } from "node:url";

export function nodeEntry(relativeFromCli: string): { command: string; args: string[] } {
  const self = fileURLToPath(import.meta.url);
  const fromSources = self.endsWith(".ts");
  const target = fileURLToPath(new URL(relativeFromCli.replace(/\.js$/, fromSources ? ".ts" : ".js"), import.meta.url));
  return { command: process.execPath, args: fromSources ? ["--import", "tsx", target] : [target] };
}
