// Neutral defaults for every ABCI method, so an application overrides only what it uses.
// State sync is not offered: snapshot listing is empty and offers are rejected.
import * as pb from "../gen/tendermint/abci/types_pb.js";
import type * as A from "./application.js";
import { selectTxsWithinBytes } from "./proposal.js";

export class BaseApplication implements A.AbciApplication {
  info(_req: pb.RequestInfo): A.InfoResult | Promise<A.InfoResult> {
    return {};
  }
  initChain(_req: pb.RequestInitChain): A.InitChainResult | Promise<A.InitChainResult> {
    return {};
  }
  query(_req: pb.RequestQuery): A.QueryResult | Promise<A.QueryResult> {
    return { code: 1, log: "query not supported" };
  }
  checkTx(_req: pb.RequestCheckTx): A.CheckTxResult | Promise<A.CheckTxResult> {
    return {};
  }
  commit(_req: pb.RequestCommit): A.CommitResult | Promise<A.CommitResult> {
    return {};
  }
  prepareProposal(req: pb.RequestPrepareProposal): A.PrepareProposalResult | Promise<A.PrepareProposalResult> {
    return { txs: selectTxsWithinBytes(req.txs, req.maxTxBytes) };
  }
  processProposal(_req: pb.RequestProcessProposal): A.ProcessProposalResult | Promise<A.ProcessProposalResult> {
    return { status: pb.ResponseProcessProposal_ProposalStatus.ACCEPT };
  }
  extendVote(_req: pb.RequestExtendVote): A.ExtendVoteResult | Promise<A.ExtendVoteResult> {
    return {};
  }
  verifyVoteExtension(_req: pb.RequestVerifyVoteExtension): A.VerifyVoteExtensionResult | Promise<A.VerifyVoteExtensionResult> {
    return { status: pb.ResponseVerifyVoteExtension_VerifyStatus.ACCEPT };
  }
  finalizeBlock(req: pb.RequestFinalizeBlock): A.FinalizeBlockResult | Promise<A.FinalizeBlockResult> {
    return { txResults: req.txs.map(() => ({})) };
  }
  listSnapshots(_req: pb.RequestListSnapshots): A.ListSnapshotsResult | Promise<A.ListSnapshotsResult> {
    return { snapshots: [] };
  }
  offerSnapshot(_req: pb.RequestOfferSnapshot): A.OfferSnapshotResult | Promise<A.OfferSnapshotResult> {
    return { result: pb.ResponseOfferSnapshot_Result.REJECT };
  }
  loadSnapshotChunk(_req: pb.RequestLoadSnapshotChunk): A.LoadSnapshotChunkResult | Promise<A.LoadSnapshotChunkResult> {
    return { chunk: new Uint8Array() };
  }
  applySnapshotChunk(_req: pb.RequestApplySnapshotChunk): A.ApplySnapshotChunkResult | Promise<A.ApplySnapshotChunkResult> {
    return { result: pb.ResponseApplySnapshotChunk_Result.ABORT };
  }
}
