// The client SDK's tx building and signing (SIGN_MODE_DIRECT), in one import.
export { assertDenom, CoinParseError, DENOM_PATTERN, formatCoins, MAX_COIN_AMOUNT, parseCoin, parseCoins, type Coin } from "./coins.js";
export { extendRegistry, packAny, typeRegistry, typeUrlOf, unpackAny } from "./registry.js";
export { encodePubKeyAny } from "./pubKeyAny.js";
export {
  encodeAuthInfo,
  encodeSignDoc,
  encodeTxBody,
  encodeTxRaw,
  txHash,
  type AuthInfoInput,
  type FeeInput,
  type SignDocInput,
  type SignerInfoInput,
  type TxBodyInput,
  type TxRawInput,
} from "./txParts.js";
export { signTx, simulationTxBytes, type SignedTx, type SignTxParameters, type SimulationTxParameters } from "./signTx.js";
export { msgSend, type MsgSendInput } from "./bankMessages.js";
export { msgFundCommunityPool, msgSetWithdrawAddress, msgWithdrawDelegatorReward, msgWithdrawValidatorCommission } from "./distributionMessages.js";
export { msgUpdateConsensusParams, type MsgUpdateConsensusParamsInput } from "./consensusMessages.js";
export { msgUnjail, msgUpdateSlashingParams, type MsgUpdateSlashingParamsInput } from "./slashingMessages.js";
export { anyToJson, decodeTx, txToJson, type DecodedTx } from "./decodeTx.js";
export {
  CREDENTIAL_HASH_PATTERN,
  CREDENTIAL_TYPE_PATTERN,
  msgAddIssuer,
  msgIssueCredential,
  msgRemoveIssuer,
  msgRevokeCredential,
  msgUpdateIdentityParams,
  type MsgIssueCredentialInput,
} from "./identityMessages.js";
export {
  ASSET_CLASS_PATTERN,
  isJurisdictionCode,
  JURISDICTION_CODE_PATTERN,
  jurisdictionCodeProblem,
  MAX_ASSET_CLASS_LENGTH_LIMIT,
  METADATA_HASH_PATTERN,
  msgRegisterAsset,
  msgRemoveJurisdictionAuthority,
  msgSetJurisdictionAuthority,
  msgTransferAsset,
  msgUpdateRegistryParams,
  type MsgRegisterAssetInput,
} from "./registryMessages.js";
export { BPS_DENOMINATOR, msgSetTaxRule, msgUpdateTaxrailParams, msgWithdrawTax } from "./taxrailMessages.js";
export {
  MAX_AUTHORITY_NAME_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_OPTION_LENGTH,
  MAX_OPTIONS_LIMIT,
  MAX_TITLE_LENGTH,
  msgAddElectoralAuthority,
  msgCancelElection,
  msgCastVote,
  msgCreateElection,
  msgRegisterVoter,
  msgRemoveElectoralAuthority,
  msgUpdateVotingParams,
  type MsgCreateElectionInput,
} from "./votingMessages.js";
export {
  msgDeposit,
  msgSubmitLegacyProposal,
  msgSubmitProposal,
  msgVote,
  msgVoteWeighted,
  parseVoteOption,
  textProposalContent,
  VoteOption,
  type MsgSubmitProposalInput,
} from "./govMessages.js";
export {
  DO_NOT_MODIFY,
  ed25519ConsensusKey,
  msgBeginRedelegate,
  msgCancelUnbondingDelegation,
  msgCreateValidator,
  msgDelegate,
  msgEditValidator,
  msgUndelegate,
  msgUpdateStakingParams,
  type CreateValidatorInput,
  type DelegationInput,
  type EditValidatorInput,
  type RedelegationInput,
  type UpdateStakingParamsInput,
  type ValidatorDescription,
} from "./stakingMessages.js";
export { parseProposalFile, ProposalFileError, type ProposalFile } from "./proposalFile.js";
