// `unitd genesis validate [file]`: runs a genesis file's every module section as InitChain would,
// on a throwaway store, and says which module rejects it (the SDK's validate-genesis).
import fs from "node:fs";
import type { GenesisDoc } from "../../../cometbft/genesis.js";
import { homeFlag, parseStrictArgs } from "../flags.js";
import { UsageError } from "../keys/errors.js";
import { homePaths } from "./homeFiles.js";
import { runGenesis } from "./validateState.js";
import { genesisPath } from "../../../cometbft/genesis.js";

export async function runValidate(args: string[]): Promise<number> {
  const { values, positionals } = parseStrictArgs(args, { home: { type: "string" } }, "genesis validate");
  if (positionals.length > 1) throw new UsageError("validate takes at most one argument, the genesis file (default: the home's genesis.json)");
  const file = positionals[0] ?? genesisPath(homePaths(homeFlag(values.home)).cometHome);
  if (!fs.existsSync(file)) throw new UsageError(`${file} does not exist`);
  let doc: GenesisDoc;
  try {
    doc = JSON.parse(fs.readFileSync(file, "utf8")) as GenesisDoc;
  } catch (err) {
    throw new Error(`${file} is not JSON: ${(err as Error).message}`);
  }
  if (typeof doc.chain_id !== "string" || doc.chain_id === "") throw new Error(`${file}: chain_id is missing`);
  const { validators } = runGenesis(doc);
  console.log(`File at ${file} is a valid genesis file (chain ${doc.chain_id}, ${validators.length} genesis validator${validators.length === 1 ? "" : "s"})`);
  return 0;
}
