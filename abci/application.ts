// The contract between the socket server and an ABCI 2.0 application. The server knows nothing of
// modules or state: it decodes requests, calls these methods, and frames the responses.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type * as pb from "../gen/tendermint/abci/types_pb.js";

type Init<S extends Parameters<typeof import("@bufbuild/protobuf").create>[0]> = MessageInitShape<S>;
type MaybePromise<T> = T | Promise<T>;

export type InfoResult = Init<typeof pb.ResponseInfoSchema>;
export type InitChainResult = Init<typeof pb.ResponseInitChainSchema>;
export type QueryResult = Init<typeof pb.ResponseQuerySchema>;
export type CheckTxResult = Init<typeof pb.ResponseCheckTxSchema>;
export type CommitResult = Init<typeof pb.ResponseCommitSchema>;
export type PrepareProposalResult = Init<typeof pb.ResponsePrepareProposalSchema>;
export type ProcessProposalResult = Init<typeof pb.ResponseProcessProposalSchema>;
export type ExtendVoteResult = Init<typeof pb.ResponseExtendVoteSchema>;
export type VerifyVoteExtensionResult = Init<typeof pb.ResponseVerifyVoteExtensionSchema>;
export type FinalizeBlockResult = Init<typeof pb.ResponseFinalizeBlockSchema>;
export type ListSnapshotsResult = Init<typeof pb.ResponseListSnapshotsSchema>;
export type OfferSnapshotResult = Init<typeof pb.ResponseOfferSnapshotSchema>;
export type LoadSnapshotChunkResult = Init<typeof pb.ResponseLoadSnapshotChunkSchema>;
export type ApplySnapshotChunkResult = Init<typeof pb.ResponseApplySnapshotChunkSchema>;

/**
 * An ABCI application. Echo and Flush are answered by the server itself. Methods may be async;
 * the server still answers each connection's requests strictly in order.
 */
export interface AbciApplication {
  info(req: pb.RequestInfo): MaybePromise<InfoResult>;
  initChain(req: pb.RequestInitChain): MaybePromise<InitChainResult>;
  query(req: pb.RequestQuery): MaybePromise<QueryResult>;
  checkTx(req: pb.RequestCheckTx): MaybePromise<CheckTxResult>;
  /**
   * Optional: a CheckTx request has arrived behind others on its connection, and `checkTx` will
   * get this same request object when its turn comes. Work the check needs that does not depend on
   * the requests before it may start now. Must not throw.
   */
  checkTxQueued?(req: pb.RequestCheckTx): void;
  commit(req: pb.RequestCommit): MaybePromise<CommitResult>;
  prepareProposal(req: pb.RequestPrepareProposal): MaybePromise<PrepareProposalResult>;
  processProposal(req: pb.RequestProcessProposal): MaybePromise<ProcessProposalResult>;
  extendVote(req: pb.RequestExtendVote): MaybePromise<ExtendVoteResult>;
  verifyVoteExtension(req: pb.RequestVerifyVoteExtension): MaybePromise<VerifyVoteExtensionResult>;
  finalizeBlock(req: pb.RequestFinalizeBlock): MaybePromise<FinalizeBlockResult>;
  listSnapshots(req: pb.RequestListSnapshots): MaybePromise<ListSnapshotsResult>;
  offerSnapshot(req: pb.RequestOfferSnapshot): MaybePromise<OfferSnapshotResult>;
  loadSnapshotChunk(req: pb.RequestLoadSnapshotChunk): MaybePromise<LoadSnapshotChunkResult>;
  applySnapshotChunk(req: pb.RequestApplySnapshotChunk): MaybePromise<ApplySnapshotChunkResult>;
}
