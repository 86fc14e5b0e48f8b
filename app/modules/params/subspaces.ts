// The legacy x/params subspaces a client of an older SDK chain asks for, answered from the params
// the modules keep now: the SDK's subspace names and keys (the modules' params_legacy.go key tables
// and baseapp's consensus params keys), each value the legacy amino JSON the subspace would hold.
import type { Coin } from "../../../gen/cosmos/base/v1beta1/coin_pb.js";
import type { StateReader } from "../../store/types.js";
import { formatDec } from "../../../sdk/math/dec.js";
import { aminoBool, aminoDuration, aminoInt32, aminoInt64, aminoList, aminoObject, aminoString, omitEmpty } from "./aminoJson.js";
import type { ParamsSources } from "./expectedKeepers.js";

/** A parameter's value in `state`; undefined when the chain holds none (the SDK then answers ""). */
type ParamValue = (state: StateReader) => string | undefined;

export interface LegacySubspace {
  name: string;
  /** By key; listed in byte order, as the SDK's store iterates them. */
  params: ReadonlyMap<string, ParamValue>;
}

const coinJson = (c: Coin) =>
  aminoObject([
    ["denom", omitEmpty(c.denom === "", () => aminoString(c.denom))],
    ["amount", aminoString(c.amount === "" ? "0" : c.amount)],
  ]);

/** A LegacyDec kept as the integer text of its atomics (the modules' wire form). */
const decAtomics = (text: string) => aminoString(formatDec(BigInt(text === "" ? "0" : text)));

function subspace(name: string, params: Record<string, ParamValue>): LegacySubspace {
  const keys = Object.keys(params).sort();
  return { name, params: new Map(keys.map((k) => [k, params[k]!])) };
}

/** The subspaces, sorted by name (the SDK lists them in Go map order, which is random). */
export function legacySubspaces(k: ParamsSources): LegacySubspace[] {
  const consensus = (state: StateReader) => k.consensus.getParams(state);
  const auth = (state: StateReader) => k.auth.getParams(state);
  const bank = (state: StateReader) => k.bank.getParams(state);
  const staking = (state: StateReader) => k.staking.getParams(state);
  const gov = (state: StateReader) => k.gov.getParams(state);
  const distribution = (state: StateReader) => k.distribution.getParams(state);
  const slashing = (state: StateReader) => k.slashing.getParams(state);
  const mint = (state: StateReader) => k.mint.getParams(state);
  return [
    subspace("auth", {
      MaxMemoCharacters: (s) => aminoInt64(auth(s).maxMemoCharacters),
      TxSigLimit: (s) => aminoInt64(auth(s).txSigLimit),
      TxSizeCostPerByte: (s) => aminoInt64(auth(s).txSizeCostPerByte),
      SigVerifyCostED25519: (s) => aminoInt64(auth(s).sigVerifyCostEd25519),
      SigVerifyCostSecp256k1: (s) => aminoInt64(auth(s).sigVerifyCostSecp256k1),
    }),
    subspace("bank", {
      SendEnabled: (s) =>
        aminoList(
          bank(s).sendEnabled.map((e) =>
            aminoObject([
              ["denom", omitEmpty(e.denom === "", () => aminoString(e.denom))],
              ["enabled", omitEmpty(!e.enabled, () => "true")],
            ]),
          ),
        ),
      DefaultSendEnabled: (s) => aminoBool(bank(s).defaultSendEnabled),
    }),
    // baseapp's consensus params (x/params' ConsensusParamsKeyTable), as cmtproto structs.
    subspace("baseapp", {
      BlockParams: (s) => {
        const b = consensus(s)?.block;
        return (
          b &&
          aminoObject([
            ["max_bytes", omitEmpty(b.maxBytes === 0n, () => aminoInt64(b.maxBytes))],
            ["max_gas", omitEmpty(b.maxGas === 0n, () => aminoInt64(b.maxGas))],
          ])
        );
      },
      EvidenceParams: (s) => {
        const e = consensus(s)?.evidence;
        return (
          e &&
          aminoObject([
            ["max_age_num_blocks", omitEmpty(e.maxAgeNumBlocks === 0n, () => aminoInt64(e.maxAgeNumBlocks))],
            ["max_age_duration", aminoDuration(e.maxAgeDuration)],
            ["max_bytes", omitEmpty(e.maxBytes === 0n, () => aminoInt64(e.maxBytes))],
          ])
        );
      },
      ValidatorParams: (s) => {
        const v = consensus(s)?.validator;
        return v && aminoObject([["pub_key_types", omitEmpty(v.pubKeyTypes.length === 0, () => aminoList(v.pubKeyTypes.map(aminoString)))]]);
      },
    }),
    // gov v1's legacy key table: its three params groups, cut from the one Params it keeps now.
    subspace("gov", {
      depositparams: (s) => {
        const p = gov(s);
        return aminoObject([
          ["min_deposit", omitEmpty(p.minDeposit.length === 0, () => aminoList(p.minDeposit.map(coinJson)))],
          ["max_deposit_period", p.maxDepositPeriod && aminoDuration(p.maxDepositPeriod)],
        ]);
      },
      votingparams: (s) => {
        const p = gov(s);
        return aminoObject([["voting_period", p.votingPeriod && aminoDuration(p.votingPeriod)]]);
      },
      tallyparams: (s) => {
        const p = gov(s);
        return aminoObject([
          ["quorum", omitEmpty(p.quorum === "", () => aminoString(p.quorum))],
          ["threshold", omitEmpty(p.threshold === "", () => aminoString(p.threshold))],
          ["veto_threshold", omitEmpty(p.vetoThreshold === "", () => aminoString(p.vetoThreshold))],
        ]);
      },
    }),
    subspace("staking", {
      UnbondingTime: (s) => aminoDuration(staking(s).unbondingTime),
      MaxValidators: (s) => aminoInt32(staking(s).maxValidators),
      MaxEntries: (s) => aminoInt32(staking(s).maxEntries),
      HistoricalEntries: (s) => aminoInt32(staking(s).historicalEntries),
      BondDenom: (s) => aminoString(staking(s).bondDenom),
      MinCommissionRate: (s) => decAtomics(staking(s).minCommissionRate),
    }),
    // x/distribution's legacy keys are lower-case; the proposer rewards are v0.50's deprecated zeros.
    subspace("distribution", {
      communitytax: (s) => decAtomics(distribution(s).communityTax),
      baseproposerreward: (s) => decAtomics(distribution(s).baseProposerReward),
      bonusproposerreward: (s) => decAtomics(distribution(s).bonusProposerReward),
      withdrawaddrenabled: (s) => aminoBool(distribution(s).withdrawAddrEnabled),
    }),
    subspace("slashing", {
      SignedBlocksWindow: (s) => aminoInt64(slashing(s).signedBlocksWindow),
      MinSignedPerWindow: (s) => decAtomics(slashing(s).minSignedPerWindow),
      DowntimeJailDuration: (s) => aminoDuration(slashing(s).downtimeJailDuration),
      SlashFractionDoubleSign: (s) => decAtomics(slashing(s).slashFractionDoubleSign),
      SlashFractionDowntime: (s) => decAtomics(slashing(s).slashFractionDowntime),
    }),
    subspace("mint", {
      MintDenom: (s) => aminoString(mint(s).mintDenom),
      InflationRateChange: (s) => decAtomics(mint(s).inflationRateChange),
      InflationMax: (s) => decAtomics(mint(s).inflationMax),
      InflationMin: (s) => decAtomics(mint(s).inflationMin),
      GoalBonded: (s) => decAtomics(mint(s).goalBonded),
      // uint64: a string.
      BlocksPerYear: (s) => aminoInt64(mint(s).blocksPerYear),
    }),
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
