// The legacy x/params queries over the modules' default params: every subspace and key answers
// the legacy amino JSON an SDK chain's subspace holds for the same params (auth, bank, baseapp,
// distribution, gov, mint, slashing, staking) (int64 as strings, uint32
// as numbers, durations in nanoseconds, decimals with 18 digits, omitempty fields left out); a key
// the subspace does not hold is an empty value, an unknown subspace params/2, a missing argument
// INVALID_ARGUMENT; Subspaces lists what is held.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { DurationSchema } from "@bufbuild/protobuf/wkt";
import {
  QueryParamsRequestSchema,
  QueryParamsResponseSchema,
  QuerySubspacesRequestSchema,
  QuerySubspacesResponseSchema,
} from "../../../gen/cosmos/params/v1beta1/query_pb.js";
import { ParamsSchema as BankParamsSchema } from "../../../gen/cosmos/bank/v1beta1/bank_pb.js";
import { ConsensusParamsSchema, type ConsensusParams } from "../../../gen/tendermint/types/params_pb.js";
import { AppError, GrpcCode } from "../../../common/errors.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import { QueryServices } from "../../query/service.js";
import { openStore } from "../../store/index.js";
import { defaultAuthParams } from "../auth/params.js";
import { defaultParams as defaultStakingParams } from "../staking/params.js";
import { defaultParams as defaultGovParams } from "../gov/params.js";
import { defaultParams as defaultDistributionParams } from "../distribution/params.js";
import { defaultParams as defaultSlashingParams } from "../slashing/params.js";
import { defaultParams as defaultMintParams } from "../mint/params.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { paramsErrors } from "./errors.js";
import { registerParamsQueries } from "./queryServer.js";
import { legacySubspaces } from "./subspaces.js";
import type { ParamsSources } from "./expectedKeepers.js";

const COMET_DEFAULTS = create(ConsensusParamsSchema, {
  block: { maxBytes: 22_020_096n, maxGas: -1n },
  evidence: { maxAgeNumBlocks: 100_000n, maxAgeDuration: { seconds: 172_800n }, maxBytes: 1_048_576n },
  validator: { pubKeyTypes: ["ed25519"] },
  version: { app: 0n },
  abci: { voteExtensionsEnableHeight: 0n },
});

function serve(
  consensus: ConsensusParams | null = COMET_DEFAULTS,
  bank = create(BankParamsSchema, { defaultSendEnabled: true }),
  more: Partial<Pick<ParamsSources, "distribution" | "slashing" | "mint">> = {},
) {
  const sources: ParamsSources = {
    auth: { getParams: () => defaultAuthParams() },
    bank: { getParams: () => bank },
    staking: { getParams: () => defaultStakingParams() },
    gov: { getParams: () => defaultGovParams() },
    distribution: { getParams: () => defaultDistributionParams() },
    slashing: { getParams: () => defaultSlashingParams() },
    mint: { getParams: () => defaultMintParams() },
    consensus: { getParams: () => consensus ?? undefined },
    ...more,
  };
  const services = new QueryServices();
  registerParamsQueries(services, legacySubspaces(sources));
  const store = openStore(":memory:");
  const state = store.begin();
  return {
    param(subspace: string, key: string) {
      const raw = services
        .method("/cosmos.params.v1beta1.Query/Params")!
        .handle(toBinary(QueryParamsRequestSchema, create(QueryParamsRequestSchema, { subspace, key })), {
          state,
          height: 1,
        });
      return fromBinary(QueryParamsResponseSchema, raw).param!;
    },
    subspaces() {
      const raw = services
        .method("/cosmos.params.v1beta1.Query/Subspaces")!
        .handle(toBinary(QuerySubspacesRequestSchema, create(QuerySubspacesRequestSchema)), {
          state,
          height: 1,
        });
      return fromBinary(QuerySubspacesResponseSchema, raw).subspaces.map((s) => [s.subspace, s.keys]);
    },
  };
}

const EXPECTED: Record<string, Record<string, string>> = {
  baseapp: {
    BlockParams: `{"max_bytes":"22020096","max_gas":"-1"}`,
    EvidenceParams: `{"max_age_num_blocks":"100000","max_age_duration":"172800000000000","max_bytes":"1048576"}`,
    ValidatorParams: `{"pub_key_types":["ed25519"]}`,
  },
  auth: {
    MaxMemoCharacters: `"256"`,
    TxSigLimit: `"7"`,
    TxSizeCostPerByte: `"10"`,
    SigVerifyCostED25519: `"590"`,
    SigVerifyCostSecp256k1: `"1000"`,
  },
  bank: { SendEnabled: `[]`, DefaultSendEnabled: `true` },
  staking: {
    UnbondingTime: `"1814400000000000"`,
    MaxValidators: `100`,
    MaxEntries: `7`,
    HistoricalEntries: `10000`,
    BondDenom: `"uunit"`,
    MinCommissionRate: `"0.000000000000000000"`,
  },
  gov: {
    depositparams: `{"min_deposit":[{"denom":"uunit","amount":"10000000"}],"max_deposit_period":"172800000000000"}`,
    votingparams: `{"voting_period":"172800000000000"}`,
    tallyparams: `{"quorum":"0.334000000000000000","threshold":"0.500000000000000000","veto_threshold":"0.334000000000000000"}`,
  },
  distribution: {
    communitytax: `"0.020000000000000000"`,
    baseproposerreward: `"0.000000000000000000"`,
    bonusproposerreward: `"0.000000000000000000"`,
    withdrawaddrenabled: `true`,
  },
  slashing: {
    SignedBlocksWindow: `"100"`,
    MinSignedPerWindow: `"0.500000000000000000"`,
    DowntimeJailDuration: `"600000000000"`,
    SlashFractionDoubleSign: `"0.050000000000000000"`,
    SlashFractionDowntime: `"0.010000000000000000"`,
  },
  mint: {
    MintDenom: `"uunit"`,
    InflationRateChange: `"0.000000000000000000"`,
    InflationMax: `"0.000000000000000000"`,
    InflationMin: `"0.000000000000000000"`,
    GoalBonded: `"0.670000000000000000"`,
    BlocksPerYear: `"6311520"`,
  },
};

test("every subspace and key answers the SDK's legacy amino JSON of the params this chain holds", () => {
  const q = serve();
  for (const [subspace, keys] of Object.entries(EXPECTED)) {
    for (const [key, value] of Object.entries(keys)) {
      const param = q.param(subspace, key);
      assert.deepEqual([param.subspace, param.key, param.value], [subspace, key, value], `${subspace}/${key}`);
      JSON.parse(param.value); // and it is JSON
    }
  }
});

test("omitempty fields are left out, zero-valued non-omitempty ones kept; bank's per-denom entries", () => {
  const q = serve(
    create(ConsensusParamsSchema, {
      block: { maxBytes: 1000n, maxGas: 0n },
      evidence: { maxAgeNumBlocks: 5n, maxAgeDuration: { seconds: 1n, nanos: 500 }, maxBytes: 0n },
      validator: { pubKeyTypes: [] },
    }),
    create(BankParamsSchema, {
      sendEnabled: [
        { denom: "uunit", enabled: true },
        { denom: "stake", enabled: false },
      ],
      defaultSendEnabled: false,
    }),
  );
  assert.equal(q.param("baseapp", "BlockParams").value, `{"max_bytes":"1000"}`);
  assert.equal(q.param("baseapp", "EvidenceParams").value, `{"max_age_num_blocks":"5","max_age_duration":"1000000500"}`);
  assert.equal(q.param("baseapp", "ValidatorParams").value, `{}`);
  assert.equal(q.param("bank", "SendEnabled").value, `[{"denom":"uunit","enabled":true},{"denom":"stake"}]`);
  assert.equal(q.param("bank", "DefaultSendEnabled").value, `false`);
});

test("a key the subspace does not hold answers an empty value, as the SDK's GetRaw of a missing key", () => {
  const q = serve();
  assert.deepEqual(q.param("staking", "NoSuchKey").value, "");
  assert.deepEqual(q.param("staking", "unbondingtime").value, "", "keys are case-sensitive");
  const none = serve(null);
  assert.equal(none.param("baseapp", "BlockParams").value, "", "no consensus params kept");
});

test("the distribution, slashing and mint subspaces follow their modules' current params", () => {
  const q = serve(COMET_DEFAULTS, undefined, {
    distribution: { getParams: () => ({ ...defaultDistributionParams(), communityTax: parseDec("0.125").toString(), withdrawAddrEnabled: false }) },
    slashing: {
      getParams: () => ({ ...defaultSlashingParams(), signedBlocksWindow: 10n, downtimeJailDuration: create(DurationSchema, { seconds: 60n, nanos: 5 }) }),
    },
    mint: { getParams: () => ({ ...defaultMintParams(), inflationMax: parseDec("0.2").toString(), blocksPerYear: 1n }) },
  });
  assert.equal(q.param("distribution", "communitytax").value, `"0.125000000000000000"`);
  assert.equal(q.param("distribution", "withdrawaddrenabled").value, `false`);
  assert.equal(q.param("slashing", "SignedBlocksWindow").value, `"10"`);
  assert.equal(q.param("slashing", "DowntimeJailDuration").value, `"60000000005"`);
  assert.equal(q.param("mint", "InflationMax").value, `"0.200000000000000000"`);
  assert.equal(q.param("mint", "BlocksPerYear").value, `"1"`);
  assert.equal(q.param("distribution", "CommunityTax").value, "", "the legacy keys are lower-case");
});

test("an unknown subspace is params/2 NOT_FOUND; a missing subspace or key INVALID_ARGUMENT", () => {
  const q = serve();
  assert.throws(
    () => q.param("crisis", "ConstantFee"),
    (err: unknown) =>
      err instanceof AppError && paramsErrors.unknownSubspace.is(err) && err.grpcCode === GrpcCode.NOT_FOUND && err.message === "crisis: unknown subspace",
  );
  for (const [subspace, key] of [
    ["", "BlockParams"],
    ["baseapp", ""],
    ["", ""],
  ]) {
    assert.throws(
      () => q.param(subspace!, key!),
      (err: unknown) => err instanceof QueryError && err.grpcCode === GrpcCode.INVALID_ARGUMENT && /invalid request/.test(err.message),
    );
  }
});

test("Subspaces lists every subspace by name with the keys it holds, in byte order", () => {
  assert.deepEqual(serve().subspaces(), [
    ["auth", ["MaxMemoCharacters", "SigVerifyCostED25519", "SigVerifyCostSecp256k1", "TxSigLimit", "TxSizeCostPerByte"]],
    ["bank", ["DefaultSendEnabled", "SendEnabled"]],
    ["baseapp", ["BlockParams", "EvidenceParams", "ValidatorParams"]],
    ["distribution", ["baseproposerreward", "bonusproposerreward", "communitytax", "withdrawaddrenabled"]],
    ["gov", ["depositparams", "tallyparams", "votingparams"]],
    ["mint", ["BlocksPerYear", "GoalBonded", "InflationMax", "InflationMin", "InflationRateChange", "MintDenom"]],
    ["slashing", ["DowntimeJailDuration", "MinSignedPerWindow", "SignedBlocksWindow", "SlashFractionDoubleSign", "SlashFractionDowntime"]],
    ["staking", ["BondDenom", "HistoricalEntries", "MaxEntries", "MaxValidators", "MinCommissionRate", "UnbondingTime"]],
  ]);
  const legacyChain = serve(create(ConsensusParamsSchema, { block: { maxBytes: 1n, maxGas: -1n } }));
  assert.deepEqual(legacyChain.subspaces()[2], ["baseapp", ["BlockParams"]], "only the params the chain kept");
});
