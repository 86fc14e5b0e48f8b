// GET /chain-info/keplr and /chain-info/evm: the chain as wallets learn it, built by the SDK's own
// helpers (keplrChainInfo, evmNetworkParameters) from the chain id and EVM chain id the app reports
// and the public endpoints in the gateway's settings. A dapp can hand either answer to the wallet
// as is (experimentalSuggestChain, wallet_addEthereumChain).
import { create, fromBinary, toBinary, type DescMessage, type DescMethod, type MessageShape } from "@bufbuild/protobuf";
import type Koa from "koa";
import { Query as EvmQuery } from "../../../gen/chain/evm/query_pb.js";
import { Service as TendermintService } from "../../../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { GrpcCode } from "../../../common/errors.js";
import { grpcMethodPath } from "../../../sdk/client/grpcQuery.js";
import { evmNetworkParameters, keplrChainInfo } from "../../../sdk/wallet/index.js";
import type { RestBackend } from "../backend.js";
import { RestError } from "../restErrors.js";
import type { ChainInfoSettings } from "./chainInfoConfig.js";

export const CHAIN_INFO_PREFIX = "/chain-info/";

export interface ChainInfoOptions {
  backend: RestBackend;
  settings: ChainInfoSettings;
  /** Deadline of each call to the app. */
  timeoutMs: number;
}

export function isChainInfoPath(requestPath: string): boolean {
  return requestPath === "/chain-info" || requestPath.startsWith(CHAIN_INFO_PREFIX);
}

export function createChainInfoHandler(options: ChainInfoOptions): (ctx: Koa.Context) => Promise<void> {
  const { backend, settings, timeoutMs } = options;
  const call = async <O extends DescMessage>(method: DescMethod & { output: O }): Promise<MessageShape<O>> => {
    const reply = await backend.call(grpcMethodPath(method), toBinary(method.input, create(method.input)), undefined, timeoutMs);
    return fromBinary(method.output, reply.bytes);
  };
  const chainName = (chainId: string) => settings.chainName ?? `Unit (${chainId})`;
  const chainId = async () => {
    const network = (await call(TendermintService.method.getNodeInfo)).defaultNodeInfo?.network;
    if (!network) throw new RestError(GrpcCode.UNAVAILABLE, "the node does not report its chain id yet");
    return network;
  };

  return async (ctx) => {
    const which = ctx.path.replace(/\/+$/, "");
    if (which === "/chain-info/keplr") {
      const id = await chainId();
      ctx.body = keplrChainInfo({ chainId: id, chainName: chainName(id), rpcEndpoint: settings.rpcUrl, restEndpoint: settings.restUrl });
    } else if (which === "/chain-info/evm") {
      const [id, params] = await Promise.all([chainId(), call(EvmQuery.method.params)]);
      if (!params.params) throw new RestError(GrpcCode.UNAVAILABLE, "the node does not report its EVM params");
      ctx.body = evmNetworkParameters({
        evmChainId: params.params.chainId,
        chainName: chainName(id),
        rpcUrl: settings.evmRpcUrl,
        ...(settings.explorerUrl ? { blockExplorerUrl: settings.explorerUrl } : {}),
      });
    } else {
      throw new RestError(GrpcCode.NOT_FOUND, `no route for ${ctx.path.slice(0, 200)}: the chain info is at /chain-info/keplr and /chain-info/evm`);
    }
    // Small and stable, but the endpoints follow the node's settings: let a restart show.
    ctx.set("Cache-Control", "no-cache");
  };
}
