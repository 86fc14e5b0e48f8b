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
