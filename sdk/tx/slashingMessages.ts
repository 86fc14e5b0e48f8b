// Slashing messages (cosmos.slashing.v1beta1) as Anys ready for a tx body: a jailed validator's
// operator unjails it; governance replaces the slashing params.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { MsgUnjailSchema, MsgUpdateParamsSchema } from "../../gen/cosmos/slashing/v1beta1/tx_pb.js";
import { formatValidatorAddress, parseAccountAddress } from "../crypto/accountAddress.js";
import { BECH32_PREFIX_VALIDATOR } from "../crypto/prefixes.js";
import { packAny } from "./registry.js";

/**
 * `/cosmos.slashing.v1beta1.MsgUnjail` packed in an Any. The operator account signs; `operator`
 * may be its account address (unit1... or 0x...) or the validator address (unitvaloper1...).
 * @example msgUnjail("unitvaloper1...")
 */
export function msgUnjail(operator: string): Any {
  const validatorAddr = operator.startsWith(`${BECH32_PREFIX_VALIDATOR}1`) ? operator : formatValidatorAddress(parseAccountAddress(operator));
  return packAny(MsgUnjailSchema, { validatorAddr });
}

export type MsgUpdateSlashingParamsInput = MessageInitShape<typeof MsgUpdateParamsSchema> & {
  /** The gov module account: the message runs only from a passed proposal. */
  authority: string;
  /**
   * Every param, replacing the chain's. The decimals (min_signed_per_window and the slash
   * fractions) are LegacyDec atomics text: "500000000000000000" is 0.5.
   */
  params: NonNullable<MessageInitShape<typeof MsgUpdateParamsSchema>["params"]>;
};

/** `/cosmos.slashing.v1beta1.MsgUpdateParams` packed in an Any, for a proposal's messages. */
export function msgUpdateSlashingParams(input: MsgUpdateSlashingParamsInput): Any {
  return packAny(MsgUpdateParamsSchema, input);
}
