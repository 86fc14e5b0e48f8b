// web3_*, net_* and the eth_* methods about the node rather than the chain's state.
import { APP_SEMVER } from "../../common/version.js";
import { keccak256 } from "../../sdk/crypto/hashes.js";
import { data, parseData, quantity } from "../codec/hex.js";
import { method, required, type Methods, type RpcServices } from "./services.js";

export const CLIENT_VERSION = `unitd/v${APP_SEMVER}/${process.platform}-${process.arch}/node${process.version}`;

export function web3NetMethods(s: RpcServices): Methods {
  return {
    web3_clientVersion: method(0, () => CLIENT_VERSION),
    web3_sha3: method(1, (p) => data(keccak256(parseData(required(p, 0, "data"), "data")))),
    net_version: method(0, async () => (await s.params.chainId()).toString()),
    net_listening: method(0, () => true),
    net_peerCount: method(0, async () => quantity(await s.node.peerCount())),
    eth_chainId: method(0, async () => quantity(await s.params.chainId())),
    // CometBFT blocks sync or follow consensus; the target height of a sync is not known to it.
    eth_syncing: method(0, async () => {
      const status = await s.node.syncStatus();
      if (!status.catchingUp) return false;
      return { startingBlock: quantity(status.earliestHeight), currentBlock: quantity(status.latestHeight), highestBlock: quantity(status.latestHeight) };
    }),
    // The server holds no keys: txs are signed by the client and sent with eth_sendRawTransaction.
    eth_accounts: method(0, () => []),
  };
}
