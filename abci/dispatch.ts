// Maps one decoded ABCI request to the application method that answers it.
import { create, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { encodeCheckTxResponse, encodeFinalizeBlockResponse } from "./responseEncoding.js";
import { ResponseSchema, type Request, type Response } from "../gen/tendermint/abci/types_pb.js";
import type { AbciApplication } from "./application.js";

type ResponseValue = MessageInitShape<typeof ResponseSchema>["value"];

/** Answers `req` through `app`; an unknown or empty request gets an Exception response. */
export async function dispatch(app: AbciApplication, req: Request): Promise<Response> {
  return create(ResponseSchema, { value: await answer(app, req) });
}

/** Like `dispatch`, but returns the encoded Response; FinalizeBlock and CheckTx take the hand-written encoders. */
export async function dispatchEncoded(app: AbciApplication, req: Request): Promise<Uint8Array> {
  if (req.value.case === "checkTx") return encodeCheckTxResponse(await app.checkTx(req.value.value));
  if (req.value.case === "finalizeBlock") return encodeFinalizeBlockResponse(await app.finalizeBlock(req.value.value));
  return toBinary(ResponseSchema, await dispatch(app, req));
}

async function answer(app: AbciApplication, req: Request): Promise<ResponseValue> {
  const r = req.value;
  switch (r.case) {
    case "echo":
      return { case: "echo", value: { message: r.value.message } };
    case "flush":
      return { case: "flush", value: {} };
    case "info":
      return { case: "info", value: await app.info(r.value) };
    case "initChain":
      return { case: "initChain", value: await app.initChain(r.value) };
    case "query":
      return { case: "query", value: await app.query(r.value) };
    case "checkTx":
      return { case: "checkTx", value: await app.checkTx(r.value) };
    case "commit":
      return { case: "commit", value: await app.commit(r.value) };
    case "listSnapshots":
      return { case: "listSnapshots", value: await app.listSnapshots(r.value) };
    case "offerSnapshot":
      return { case: "offerSnapshot", value: await app.offerSnapshot(r.value) };
    case "loadSnapshotChunk":
      return { case: "loadSnapshotChunk", value: await app.loadSnapshotChunk(r.value) };
    case "applySnapshotChunk":
      return { case: "applySnapshotChunk", value: await app.applySnapshotChunk(r.value) };
    case "prepareProposal":
      return { case: "prepareProposal", value: await app.prepareProposal(r.value) };
    case "processProposal":
      return { case: "processProposal", value: await app.processProposal(r.value) };
    case "extendVote":
      return { case: "extendVote", value: await app.extendVote(r.value) };
    case "verifyVoteExtension":
      return { case: "verifyVoteExtension", value: await app.verifyVoteExtension(r.value) };
    case "finalizeBlock":
      return { case: "finalizeBlock", value: await app.finalizeBlock(r.value) };
    default:
      return { case: "exception", value: { error: "unknown or empty ABCI request" } };
  }
}
