// CometBFT's JSON `/status` as the p2p node info proto and the sync flag.
import { create } from "@bufbuild/protobuf";
import { DefaultNodeInfoOtherSchema, DefaultNodeInfoSchema, ProtocolVersionSchema, type DefaultNodeInfo } from "../../gen/tendermint/p2p/types_pb.js";
import type { Json } from "./json.js";

export interface NodeStatus {
  nodeInfo: DefaultNodeInfo;
  latestBlockHeight: bigint;
  catchingUp: boolean;
}

export function nodeStatusFromJson(j: Json): NodeStatus {
  const info = j.get("node_info");
  const protocol = info.get("protocol_version");
  const other = info.opt("other");
  const sync = j.get("sync_info");
  return {
    nodeInfo: create(DefaultNodeInfoSchema, {
      protocolVersion: create(ProtocolVersionSchema, {
        p2p: protocol.get("p2p").bigint(),
        block: protocol.get("block").bigint(),
        app: protocol.get("app").bigint(),
      }),
      defaultNodeId: info.get("id").str(),
      listenAddr: info.get("listen_addr").str(),
      network: info.get("network").str(),
      version: info.get("version").str(),
      // HexBytes: one byte per p2p channel id.
      channels: info.get("channels").hex(),
      moniker: info.get("moniker").str(),
      other: create(DefaultNodeInfoOtherSchema, {
        txIndex: other?.opt("tx_index")?.str() ?? "",
        rpcAddress: other?.opt("rpc_address")?.str() ?? "",
      }),
    }),
    latestBlockHeight: sync.get("latest_block_height").bigint(),
    catchingUp: sync.get("catching_up").bool(),
  };
}
