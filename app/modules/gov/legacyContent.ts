// Gov v1beta1 proposal content, as a v1 proposal carries it inside MsgExecLegacyContent. Only the
// TextProposal is accepted: this chain has no legacy proposal handlers besides the text one (its
// changes are made by v1 proposals' messages), so any other content type is refused at submission
// with a pointer to v1. Checks as the SDK's ValidateAbstract: title and description non-blank,
// at most 140 and 10,000 bytes.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { TextProposalSchema, type TextProposal } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { MsgExecLegacyContentSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import { govErrors } from "./errors.js";

export const TEXT_PROPOSAL_TYPE_URL = `/${TextProposalSchema.typeName}`;
export const EXEC_LEGACY_CONTENT_TYPE_URL = `/${MsgExecLegacyContentSchema.typeName}`;
export const MAX_LEGACY_TITLE_LEN = 140;
export const MAX_LEGACY_DESCRIPTION_LEN = 10_000;

/** Decodes and checks a legacy content; returns it as the TextProposal it must be. */
export function checkLegacyContent(content: Any | undefined): TextProposal {
  if (!content) throw govErrors.invalidProposalContent.wrap("missing content");
  if (content.typeUrl !== TEXT_PROPOSAL_TYPE_URL) {
    throw govErrors.invalidProposalType.wrap(
      `${content.typeUrl.slice(0, 200)}: the only legacy content accepted is ${TEXT_PROPOSAL_TYPE_URL}; submit other changes as the messages of a cosmos.gov.v1 MsgSubmitProposal`,
    );
  }
  let text: TextProposal;
  try {
    text = fromBinary(TextProposalSchema, content.value);
  } catch (err) {
    throw govErrors.invalidProposalContent.wrap(`cannot decode ${TEXT_PROPOSAL_TYPE_URL}: ${(err as Error).message}`);
  }
  if (text.title.trim() === "") throw govErrors.invalidProposalContent.wrap("proposal title cannot be blank");
  if (Buffer.byteLength(text.title, "utf8") > MAX_LEGACY_TITLE_LEN) {
    throw govErrors.invalidProposalContent.wrap(`proposal title is longer than max length of ${MAX_LEGACY_TITLE_LEN}`);
  }
  if (text.description === "") throw govErrors.invalidProposalContent.wrap("proposal description cannot be blank");
  if (Buffer.byteLength(text.description, "utf8") > MAX_LEGACY_DESCRIPTION_LEN) {
    throw govErrors.invalidProposalContent.wrap(`proposal description is longer than max length of ${MAX_LEGACY_DESCRIPTION_LEN}`);
  }
  return text;
}

/**
 * The proposal message a legacy submission becomes: the checked content, re-encoded without
 * unknown fields (as the SDK packs it again), to be run by the gov account.
 */
export function execLegacyContentAny(text: TextProposal, authority: string): Any {
  const content = create(AnySchema, { typeUrl: TEXT_PROPOSAL_TYPE_URL, value: toBinary(TextProposalSchema, text, { writeUnknownFields: false }) });
  return create(AnySchema, {
    typeUrl: EXEC_LEGACY_CONTENT_TYPE_URL,
    value: toBinary(MsgExecLegacyContentSchema, create(MsgExecLegacyContentSchema, { content, authority })),
  });
}

/**
 * Runs a passed proposal's legacy content through its legacy handler. A text proposal's handler
 * does nothing: passing is the whole effect.
 */
export function runLegacyContent(content: Any | undefined): void {
  checkLegacyContent(content);
}
