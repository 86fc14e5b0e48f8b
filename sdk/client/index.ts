// The client SDK's node access: CometBFT RPC, and typed queries through ABCI by gRPC path.
export { CometRpcClient, describeNetworkError, type CometRpcClientOptions, type WaitForTxOptions } from "./cometRpcClient.js";
export { DEFAULT_NODE_URL, normalizeNodeUrl } from "./nodeUrl.js";
export type { AbciOutcome, AbciQueryResponse, BlockHeader, BroadcastTxSyncResponse, NodeStatus, TxEvent, TxResponse } from "./rpcResponses.js";
export {
  AbciQueryError,
  AccountNotFoundError,
  ClientError,
  NodeUnreachableError,
  RpcResponseError,
  TxIndexDisabledError,
  TxTimeoutError,
  UnexpectedResponseError,
} from "./errors.js";
export { grpcMethodPath, grpcQuery, type AbciQuerier, type GrpcQueryOptions } from "./grpcQuery.js";
export { decodeAccountAny, getAccount, getModuleAccountByName, getSigningInfo, type Account, type SigningInfo } from "./authQueries.js";
export {
  getAllBalances,
  getAllBalancesPage,
  getBalance,
  getSupplyOf,
  getTotalSupply,
  getTotalSupplyPage,
  type CoinPage,
  type PageRequest,
} from "./bankQueries.js";
export { simulateGas } from "./simulate.js";
