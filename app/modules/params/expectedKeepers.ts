// What the legacy subspaces read from the modules that now keep their own params: each module's
// params as its own query answers them, nothing else.
import type { Params as AuthParams } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import type { Params as BankParams } from "../../../gen/cosmos/bank/v1beta1/bank_pb.js";
import type { Params as DistributionParams } from "../../../gen/cosmos/distribution/v1beta1/distribution_pb.js";
import type { Params as MintParams } from "../../../gen/cosmos/mint/v1beta1/mint_pb.js";
import type { Params as SlashingParams } from "../../../gen/cosmos/slashing/v1beta1/slashing_pb.js";
import type { Params as GovParams } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { Params as StakingParams } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { ConsensusParams } from "../../../gen/tendermint/types/params_pb.js";
import type { StateReader } from "../../store/types.js";

export interface ParamsSources {
  auth: { getParams(state: StateReader): AuthParams };
  bank: { getParams(state: StateReader): BankParams };
  staking: { getParams(state: StateReader): StakingParams };
  gov: { getParams(state: StateReader): GovParams };
  distribution: { getParams(state: StateReader): DistributionParams };
  slashing: { getParams(state: StateReader): SlashingParams };
  mint: { getParams(state: StateReader): MintParams };
  /** The consensus params, behind the `baseapp` subspace; undefined when none are kept. */
  consensus: { getParams(state: StateReader): ConsensusParams | undefined };
}
