// `unitd devnet run-fullnode`: a full node that joins the devnet by state sync (the compose file's
// `fullnode` service, docs/statesync.md). Prepares its home on first run (cometbft/stateSyncHome.ts),
// then `unitd devnet run-node` runs it like a validator.
import { ensureCometbft } from "../../cometbft/install.js";
import { DEVNET_VALIDATORS } from "../../cometbft/devnet/layout.js";
import { prepareStateSyncHome } from "../../cometbft/stateSyncHome.js";
import { portsForValidator } from "../../common/node/ports.js";
import { UsageError } from "./keys/errors.js";

export const FULLNODE_USAGE = `  run-fullnode  prepare (first run only) and run a full node joining by state sync:
             --home <dir> --rpc <url>,<url>[,...] [--peers <id@host:port,...>] [--index <i>]
             [--network docker]; ports are validator i's (default i = 4, after the validators)`;

export interface FullNodeFlags {
  home?: string;
  rpc?: string;
  peers?: string;
  index?: string;
  network?: string;
}

/** Prepares the home (unless it exists) and returns the index whose ports and process names it uses. */
export async function prepareFullNode(flags: FullNodeFlags, say: (line: string) => void): Promise<number> {
  const rpcServers = (flags.rpc ?? "").split(",").filter(Boolean);
  if (!flags.home || rpcServers.length < 2) throw new UsageError("run-fullnode needs --home <dir> and --rpc with at least two CometBFT RPC URLs");
  for (const url of rpcServers) if (!/^https?:\/\/[^/]+/.test(url)) throw new UsageError(`--rpc expects http(s) URLs, got "${url}"`);
  const indexText = flags.index ?? String(DEVNET_VALIDATORS);
  if (!/^[0-9]$/.test(indexText)) throw new UsageError(`--index expects 0-9, got "${indexText}"`);
  const network = flags.network ?? "loopback";
  if (network !== "loopback" && network !== "docker") throw new UsageError(`--network must be loopback or docker, got "${network}"`);
  const index = Number(indexText);
  const ports = portsForValidator(index);
  delete ports.faucet;
  const trust = await prepareStateSyncHome({
    home: flags.home,
    cometBinary: ensureCometbft({ onProgress: say }),
    rpcServers,
    ...(flags.peers ? { peers: flags.peers } : {}),
    ports,
    moniker: "fullnode",
    // A devnet node: listening for other containers, permissive CORS as the validators.
    listenHost: network === "docker" ? "0.0.0.0" : "127.0.0.1",
    unsafeCors: true,
  });
  say(
    trust
      ? `prepared ${flags.home} for chain ${trust.chainId}: state sync trusting height ${trust.trustHeight} (${trust.trustHash}), peers ${trust.peers}`
      : `${flags.home} exists; running it as it is`,
  );
  return index;
}
