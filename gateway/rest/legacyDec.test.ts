// LegacyDec fields in response JSON: which fields the gogoproto.customtype option marks, on the
// generated staking types and on descriptors that went through the bytes reflection sends (where
// the option is an unknown field of FieldOptions), and how their atomics are written.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  create,
  createFileRegistry,
  fromBinary,
  setExtension,
  toBinary,
  type DescField,
  type DescFile,
  type DescMessage,
  type FileRegistry,
  type JsonValue,
} from "@bufbuild/protobuf";
import {
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as Type,
  FieldOptionsSchema,
  FileDescriptorProtoSchema,
  FileDescriptorSetSchema,
} from "@bufbuild/protobuf/wkt";
import { file_cosmos_gov_v1_genesis } from "../../gen/cosmos/gov/v1/genesis_pb.js";
import { file_cosmos_gov_v1_gov } from "../../gen/cosmos/gov/v1/gov_pb.js";
import { file_cosmos_gov_v1_query } from "../../gen/cosmos/gov/v1/query_pb.js";
import { file_cosmos_gov_v1_tx } from "../../gen/cosmos/gov/v1/tx_pb.js";
import { file_cosmos_staking_v1beta1_query, QueryValidatorsResponseSchema } from "../../gen/cosmos/staking/v1beta1/query_pb.js";
import { file_cosmos_staking_v1beta1_staking, ValidatorSchema } from "../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { customtype, file_gogoproto_gogo } from "../../gen/gogoproto/gogo_pb.js";
import { isLegacyDecBytesField, isLegacyDecField, LEGACY_DEC_TYPE, legacyDecBytesJson, legacyDecJson } from "../../sdk/client/legacyDec.js";
import { file_cosmos_mint_v1beta1_query, QueryInflationResponseSchema } from "../../gen/cosmos/mint/v1beta1/query_pb.js";
import { responseJson } from "./responseJson.js";

/** The files as a client rebuilds them from reflection: serialized, decoded, imports first. */
function viaReflection(...roots: DescFile[]): FileRegistry {
  const ordered: DescFile[] = [];
  const visit = (f: DescFile) => {
    if (ordered.includes(f)) return;
    f.dependencies.forEach(visit);
    ordered.push(f);
  };
  roots.forEach(visit);
  const file = ordered.map((f) => fromBinary(FileDescriptorProtoSchema, toBinary(FileDescriptorProtoSchema, f.proto)));
  return createFileRegistry(create(FileDescriptorSetSchema, { file }));
}

/** A type no generated code knows, with each kind of field the rule must tell apart. */
function handMade(): DescMessage {
  const marked = (type: string) => {
    const options = create(FieldOptionsSchema);
    setExtension(options, customtype, type);
    return options;
  };
  const field = (name: string, number: number, type: Type, options?: ReturnType<typeof marked>, label = Label.OPTIONAL) => ({
    name,
    number,
    type,
    label,
    jsonName: name,
    ...(options ? { options } : {}),
  });
  const file = create(FileDescriptorProtoSchema, {
    name: "test/dec_test.proto",
    package: "test",
    syntax: "proto3",
    dependency: ["gogoproto/gogo.proto"],
    messageType: [
      {
        name: "Amounts",
        field: [
          field("dec", 1, Type.STRING, marked(LEGACY_DEC_TYPE)),
          field("plain", 2, Type.STRING),
          field("int", 3, Type.STRING, marked("cosmossdk.io/math.Int")),
          field("raw", 4, Type.BYTES, marked(LEGACY_DEC_TYPE)),
          field("decs", 5, Type.STRING, marked(LEGACY_DEC_TYPE), Label.REPEATED),
        ],
      },
    ],
  });
  const gogo = viaReflection(file_gogoproto_gogo);
  const bytes = toBinary(FileDescriptorProtoSchema, file);
  const registry = createFileRegistry(fromBinary(FileDescriptorProtoSchema, bytes), (name) => gogo.getFile(name));
  return registry.getMessage("test.Amounts")!;
}

const byName = (m: DescMessage, name: string): DescField => m.fields.find((f) => f.name === name)!;

function legacyDecFieldsOf(file: DescFile): string[] {
  const out: string[] = [];
  const visit = (m: DescMessage) => {
    for (const f of m.fields) if (isLegacyDecField(f)) out.push(`${m.name}.${f.name}`);
    m.nestedMessages.forEach(visit);
  };
  file.messages.forEach(visit);
  return out.sort();
}

test("atomics are written with 18 fractional digits; empty is zero; anything else is left as is", () => {
  assert.equal(legacyDecJson("1000000000000000000000000"), "1000000.000000000000000000");
  assert.equal(legacyDecJson("100000000000000000000000000000"), "100000000000.000000000000000000");
  assert.equal(legacyDecJson("50000000000000000"), "0.050000000000000000");
  assert.equal(legacyDecJson("5"), "0.000000000000000005");
  assert.equal(legacyDecJson("0"), "0.000000000000000000");
  assert.equal(legacyDecJson("-1500000000000000000"), "-1.500000000000000000");
  assert.equal(legacyDecJson(""), "0.000000000000000000", "gogoproto reads an absent LegacyDec as zero");
  for (const bad of ["1.5", "abc", "0x10", " 5", "5 ", "+5", "-", "1e18", "9".repeat(101)]) assert.equal(legacyDecJson(bad), bad, JSON.stringify(bad));
});

test("in the staking protos exactly the SDK's LegacyDec fields are marked, and no gov v1 field", () => {
  assert.deepEqual(legacyDecFieldsOf(file_cosmos_staking_v1beta1_staking), [
    "CommissionRates.max_change_rate",
    "CommissionRates.max_rate",
    "CommissionRates.rate",
    "Delegation.shares",
    "Params.min_commission_rate",
    "RedelegationEntry.shares_dst",
    "Validator.delegator_shares",
  ]);
  assert.deepEqual(legacyDecFieldsOf(file_cosmos_staking_v1beta1_query), []);
  // gov v1 carries decimal text on the wire already: marking it would print it wrongly.
  for (const f of [file_cosmos_gov_v1_gov, file_cosmos_gov_v1_query, file_cosmos_gov_v1_tx, file_cosmos_gov_v1_genesis])
    assert.deepEqual(legacyDecFieldsOf(f), [], f.name);
});

test("the option is read from reflected descriptors, where it is an unknown field of FieldOptions", () => {
  const reflected = viaReflection(file_cosmos_staking_v1beta1_query).getMessage("cosmos.staking.v1beta1.Validator")!;
  assert.notEqual(reflected, ValidatorSchema, "a schema rebuilt from bytes, not the generated one");
  assert.equal(isLegacyDecField(byName(reflected, "delegator_shares")), true);
  assert.equal(isLegacyDecField(byName(reflected, "tokens")), false);
  const m = handMade();
  assert.equal(isLegacyDecField(byName(m, "dec")), true);
  assert.equal(isLegacyDecField(byName(m, "decs")), true, "repeated strings too");
  assert.equal(isLegacyDecField(byName(m, "plain")), false, "no option");
  assert.equal(isLegacyDecField(byName(m, "int")), false, "another custom type");
  assert.equal(isLegacyDecField(byName(m, "raw")), false, "the string rule does not take bytes");
  assert.equal(isLegacyDecBytesField(byName(m, "raw")), true, "marked bytes carry ASCII atomics");
  assert.equal(isLegacyDecBytesField(byName(m, "dec")), false);
});

test("a hand-made type learned by reflection: the marked strings are decimal, the rest untouched", () => {
  const schema = handMade();
  const message = create(schema, {
    dec: "2500000000000000000",
    plain: "2500000000000000000",
    int: "2500000000000000000",
    raw: Uint8Array.of(1),
    decs: ["1", "", "x"],
  } as never);
  assert.deepEqual(responseJson(schema, message, viaReflection(file_gogoproto_gogo)), {
    dec: "2.500000000000000000",
    plain: "2500000000000000000",
    int: "2500000000000000000",
    raw: "AQ==",
    decs: ["0.000000000000000001", "0.000000000000000000", "x"],
  });
});

test("staking answers: shares and rates decimal, tokens and texts untouched, bad atomics as written", () => {
  const registry = viaReflection(file_cosmos_staking_v1beta1_query);
  const schema = registry.getMessage("cosmos.staking.v1beta1.QueryValidatorsResponse")!;
  const message = fromBinary(
    schema,
    toBinary(
      QueryValidatorsResponseSchema,
      create(QueryValidatorsResponseSchema, {
        validators: [
          {
            operatorAddress: "unitvaloper1x",
            tokens: "100000000000",
            delegatorShares: "100000000000000000000000000000",
            description: { moniker: "1000000000000000000" },
            commission: { commissionRates: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" } },
            minSelfDelegation: "1",
          },
          { operatorAddress: "unitvaloper1y", delegatorShares: "not-a-number" },
        ],
      }),
    ),
  );
  const out = responseJson(schema, message, registry) as { validators: Record<string, JsonValue>[] };
  const [first, second] = out.validators as [Record<string, any>, Record<string, any>]; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
  assert.equal(first.delegator_shares, "100000000000.000000000000000000");
  assert.deepEqual(first.commission.commission_rates, {
    rate: "0.100000000000000000",
    max_rate: "0.200000000000000000",
    max_change_rate: "0.010000000000000000",
  });
  assert.equal(first.tokens, "100000000000", "a cosmos.Int stays integer text");
  assert.equal(first.min_self_delegation, "1");
  assert.equal(first.description.moniker, "1000000000000000000", "an unmarked string is never rewritten");
  assert.equal(second.delegator_shares, "not-a-number", "invalid atomics are passed through, not a crash");
  assert.equal(second.commission, null);
  assert.equal(second.tokens, "");
});

test("LegacyDec bytes (mint's Inflation, gov v1beta1's TallyParams): the ASCII atomics printed as a decimal, other bytes left as base64", () => {
  const b64 = (text: string) => Buffer.from(text, "latin1").toString("base64");
  assert.equal(legacyDecBytesJson(b64("130000000000000000")), "0.130000000000000000");
  assert.equal(legacyDecBytesJson(b64("0")), "0.000000000000000000");
  assert.equal(legacyDecBytesJson(""), "0.000000000000000000", "absent is zero, as gogoproto reads it");
  assert.equal(legacyDecBytesJson("AQ=="), "AQ==");
  assert.equal(legacyDecBytesJson(b64("0.13")), b64("0.13"));
  const registry = viaReflection(file_cosmos_mint_v1beta1_query);
  const schema = registry.getMessage("cosmos.mint.v1beta1.QueryInflationResponse")!;
  const message = fromBinary(
    schema,
    toBinary(QueryInflationResponseSchema, create(QueryInflationResponseSchema, { inflation: new TextEncoder().encode("70000000000000000") })),
  );
  assert.deepEqual(responseJson(schema, message, registry), { inflation: "0.070000000000000000" });
});
