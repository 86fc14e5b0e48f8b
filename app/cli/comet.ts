// `unitd comet show-node-id | show-validator | show-address`: the node's CometBFT identity, as
// the SDK's `comet` commands print it (the P2P id, the consensus public key as JSON, the validator
// consensus address in bech32 unitvalcons).
import fs from "node:fs";
import path from "node:path";
import { cometAddress, readConsensusPubKey, readNodeId } from "../../cometbft/home.js";
import { nodeHomePaths } from "../../common/node/home.js";
import { encodeBech32 } from "../../sdk/crypto/bech32.js";
import { BECH32_PREFIX_CONSENSUS } from "../../sdk/crypto/prefixes.js";
import { homeFlag, parseStrictArgs } from "./flags.js";
import { UsageError } from "./keys/errors.js";
import { runCli } from "./client/runCli.js";

const USAGE = `unitd comet <subcommand> [--home <dir>]

  show-node-id     the node's P2P id (what persistent_peers names: <id>@<host>:<port>)
  show-validator   the node's consensus public key, as gentx and create-validator take it
  show-address     the node's validator consensus address (unitvalcons1...)
  unsafe-reset-all [--keep-addr-book]
                   remove CometBFT's blocks and state and the app's state; keys and config stay`;

export async function runCometCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h" || sub === "help") {
    console.log(USAGE);
    return sub === undefined ? 1 : 0;
  }
  if (sub === "unsafe-reset-all") return (await import("./cometReset.js")).runUnsafeResetAll(rest);
  return runCli(`comet ${sub}`, async () => {
    const { values, positionals } = parseStrictArgs(rest, { home: { type: "string" } }, `comet ${sub}`);
    if (positionals.length > 0) throw new UsageError(`comet ${sub} takes no arguments`);
    const cometHome = nodeHomePaths(homeFlag(values.home)).cometHome;
    const keyFile = path.join(cometHome, "config", sub === "show-node-id" ? "node_key.json" : "priv_validator_key.json");
    if (!fs.existsSync(keyFile)) throw new UsageError(`${keyFile} does not exist; create the node home first (unitd init <moniker>)`);
    switch (sub) {
      case "show-node-id":
        console.log(readNodeId(cometHome));
        return 0;
      case "show-validator":
        console.log(JSON.stringify({ "@type": "/cosmos.crypto.ed25519.PubKey", key: readConsensusPubKey(cometHome) }));
        return 0;
      case "show-address":
        console.log(encodeBech32(BECH32_PREFIX_CONSENSUS, cometAddress(Buffer.from(readConsensusPubKey(cometHome), "base64"))));
        return 0;
      default:
        throw new UsageError(`unknown subcommand "${sub}"\n\n${USAGE}`);
    }
  });
}
