// What a proposal must satisfy before any state is read, so CheckTx rejects a bad one: text
// lengths (the SDK's DefaultConfig: metadata and title 255 bytes, summary 40 x 255), and every
// message routable, well-formed and signed by the gov module account alone.
import type { Any } from "@bufbuild/protobuf/wkt";
import { AppError, sdkErrors } from "../../../common/errors.js";
import { validateMsg, type MsgRouter } from "../../tx/msgRouter.js";
import { accAddressToString } from "../../../common/address.js";
import { govErrors } from "./errors.js";

export const MAX_METADATA_LEN = 255;
export const MAX_TITLE_LEN = MAX_METADATA_LEN;
export const MAX_SUMMARY_LEN = 40 * MAX_METADATA_LEN;

/** Lengths are in UTF-8 bytes, as Go's len(string). */
export function checkMetadata(metadata: string): void {
  const len = Buffer.byteLength(metadata, "utf8");
  if (len > MAX_METADATA_LEN) throw govErrors.metadataTooLong.wrap(`got metadata with length ${len}`);
}

export interface ProposalText {
  title: string;
  summary: string;
  metadata: string;
}

export function checkProposalText({ title, summary, metadata }: ProposalText): void {
  if (title === "") throw sdkErrors.invalidRequest.wrap("proposal title cannot be empty");
  if (summary === "") throw sdkErrors.invalidRequest.wrap("proposal summary cannot be empty");
  checkMetadata(metadata);
  const summaryLen = Buffer.byteLength(summary, "utf8");
  if (summaryLen > MAX_SUMMARY_LEN) throw govErrors.summaryTooLong.wrap(`got summary with length ${summaryLen}`);
  const titleLen = Buffer.byteLength(title, "utf8");
  if (titleLen > MAX_TITLE_LEN) throw govErrors.metadataTooLong.wrap(`got metadata with length ${titleLen}`);
  checkMetadataMatches({ title, summary, metadata });
}

/**
 * Metadata in the SDK's recommended JSON form must repeat the proposal's title and summary. Any
 * other metadata (an IPFS link, free text) is accepted as it is.
 */
function checkMetadataMatches({ title, summary, metadata }: ProposalText): void {
  if (metadata === "") return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return;
  }
  if (parsed !== null && (typeof parsed !== "object" || Array.isArray(parsed))) return;
  const fields = (parsed ?? {}) as Record<string, unknown>;
  const metaTitle = fields.title ?? "";
  const metaSummary = fields.summary ?? "";
  if (typeof metaTitle !== "string" || typeof metaSummary !== "string") return;
  if (metaTitle !== title) throw govErrors.invalidProposalContent.wrap(`metadata title '${metaTitle}' must equal proposal title '${title}'`);
  if (metaSummary !== summary) throw govErrors.invalidProposalContent.wrap(`metadata summary '${metaSummary}' must equal proposal summary '${summary}'`);
}

const SUBMIT_PROPOSAL_TYPE_URL = "/cosmos.gov.v1.MsgSubmitProposal";

/**
 * Checks each message a proposal would execute; returns their type URLs in order. A proposal may
 * not submit another proposal: checking nests, and a tx of proposals inside proposals could
 * otherwise recurse deep enough to exhaust the stack.
 */
export function checkProposalMessages(router: MsgRouter, authority: string, messages: readonly Any[]): string[] {
  return messages.map((any, i) => {
    if (any.typeUrl === SUBMIT_PROPOSAL_TYPE_URL) throw govErrors.invalidProposalMsg.wrap(`messages[${i}]: a proposal cannot submit another proposal`);
    if (!router.has(any.typeUrl)) throw govErrors.unroutableProposalMsg.wrap(`messages[${i}]: ${any.typeUrl.slice(0, 200)}`);
    let decoded;
    try {
      decoded = router.decode(any);
      validateMsg(decoded);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw govErrors.invalidProposalMsg.wrap(`messages[${i}] (${any.typeUrl}): ${err.message}`);
    }
    const { signers } = decoded;
    if (signers.length !== 1) throw govErrors.invalidSigner.wrap(`messages[${i}] (${any.typeUrl}) has ${signers.length} signers`);
    const signer = accAddressToString(signers[0]!);
    if (signer !== authority) throw govErrors.invalidSigner.wrap(`messages[${i}] (${any.typeUrl}) is signed by ${signer}`);
    return any.typeUrl;
  });
}
