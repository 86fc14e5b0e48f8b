// Type URL -> protobuf schema for everything that travels inside an Any in a tx or a query answer
// (messages, public keys, accounts). Packing writes Cosmos-style type URLs ("/cosmos.bank...."),
// not protobuf-es's default "type.googleapis.com/..." prefix, because the chain matches them exactly.
import { create, createRegistry, fromBinary, toBinary, type DescMessage, type Message, type MessageInitShape, type Registry } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { BaseAccountSchema, ModuleAccountSchema } from "../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { MsgMultiSendSchema, MsgSendSchema } from "../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { PubKeySchema as Secp256k1PubKeySchema } from "../../gen/cosmos/crypto/secp256k1/keys_pb.js";
import { PubKeySchema as EthSecp256k1PubKeySchema } from "../../gen/cosmos/evm/crypto/v1/ethsecp256k1/keys_pb.js";
import { PubKeySchema as Ed25519PubKeySchema } from "../../gen/cosmos/crypto/ed25519/keys_pb.js";
import { file_chain_identity_tx } from "../../gen/chain/identity/tx_pb.js";
import { file_chain_registry_tx } from "../../gen/chain/registry/tx_pb.js";
import { file_chain_taxrail_tx } from "../../gen/chain/taxrail/tx_pb.js";
import { file_chain_voting_tx } from "../../gen/chain/voting/tx_pb.js";
import { file_cosmos_gov_v1_tx } from "../../gen/cosmos/gov/v1/tx_pb.js";
import { file_cosmos_gov_v1beta1_tx } from "../../gen/cosmos/gov/v1beta1/tx_pb.js";
import { TextProposalSchema } from "../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { file_cosmos_consensus_v1_tx } from "../../gen/cosmos/consensus/v1/tx_pb.js";
import { file_cosmos_staking_v1beta1_tx } from "../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { file_cosmos_slashing_v1beta1_tx } from "../../gen/cosmos/slashing/v1beta1/tx_pb.js";
import { file_cosmos_evidence_v1beta1_tx } from "../../gen/cosmos/evidence/v1beta1/tx_pb.js";
import { EquivocationSchema } from "../../gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { file_cosmos_distribution_v1beta1_tx } from "../../gen/cosmos/distribution/v1beta1/tx_pb.js";

/** Every Any payload the client knows; modules with their own messages add theirs with `extendRegistry`. */
const knownTypes: DescMessage[] = [
  MsgSendSchema,
  MsgMultiSendSchema,
  BaseAccountSchema,
  ModuleAccountSchema,
  Secp256k1PubKeySchema,
  EthSecp256k1PubKeySchema,
  Ed25519PubKeySchema,
  // Evidence as the evidence queries answer it.
  EquivocationSchema,
  // Every Msg of the chain's modules (and their responses), for signing and for rendering txs.
  ...file_cosmos_staking_v1beta1_tx.messages,
  ...file_cosmos_slashing_v1beta1_tx.messages,
  ...file_cosmos_evidence_v1beta1_tx.messages,
  ...file_cosmos_distribution_v1beta1_tx.messages,
  ...file_cosmos_gov_v1_tx.messages,
  ...file_cosmos_gov_v1beta1_tx.messages,
  // A gov v1beta1 submission's content.
  TextProposalSchema,
  ...file_cosmos_consensus_v1_tx.messages,
  ...file_chain_identity_tx.messages,
  ...file_chain_registry_tx.messages,
  ...file_chain_taxrail_tx.messages,
  ...file_chain_voting_tx.messages,
];

let registry: Registry = createRegistry(...knownTypes);

/** The registry used to unpack Anys and to render them as JSON. */
export function typeRegistry(): Registry {
  return registry;
}

/** Adds message types (e.g. a custom module's Msgs) to the registry. */
export function extendRegistry(...types: DescMessage[]): void {
  knownTypes.push(...types);
  registry = createRegistry(...knownTypes);
}

/** "/cosmos.bank.v1beta1.MsgSend" for MsgSendSchema. */
export function typeUrlOf(schema: DescMessage): string {
  return `/${schema.typeName}`;
}

/** Wraps a message in an Any with its Cosmos type URL. */
export function packAny<Desc extends DescMessage>(schema: Desc, message: MessageInitShape<Desc>): Any {
  return create(AnySchema, { typeUrl: typeUrlOf(schema), value: toBinary(schema, create(schema, message)) });
}

/** The message inside `any`, or undefined when its type is not in the registry. Throws on bad bytes. */
export function unpackAny(any: Any): Message | undefined {
  const name = any.typeUrl.slice(any.typeUrl.lastIndexOf("/") + 1);
  const schema = registry.getMessage(name);
  if (!schema) return undefined;
  try {
    return fromBinary(schema, any.value);
  } catch (err) {
    throw new Error(`cannot decode ${any.typeUrl}: ${(err as Error).message}`);
  }
}
