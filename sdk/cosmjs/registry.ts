// The chain's Msg types for a CosmJS Registry. CosmJS's default registry already knows the
// standard messages (bank MsgSend, staking MsgDelegate, gov v1 MsgVote, ...) through its own
// cosmjs-types codecs; this adds what it lacks: every custom module's Msgs and the few standard
// ones it leaves out (gov v1 MsgCancelProposal, bank MsgUpdateParams, ...), so a dapp can sign
// them, put them in a proposal with `registry.encodeAsAny`, and decode them back.
import type { DescService } from "@bufbuild/protobuf";
import type { GeneratedType } from "@cosmjs/proto-signing";
import { Msg as BankMsg } from "../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { Msg as StakingMsg } from "../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { Msg as DistributionMsg } from "../../gen/cosmos/distribution/v1beta1/tx_pb.js";
import { Msg as GovMsg } from "../../gen/cosmos/gov/v1/tx_pb.js";
import { Msg as GovV1beta1Msg } from "../../gen/cosmos/gov/v1beta1/tx_pb.js";
import { Msg as SlashingMsg } from "../../gen/cosmos/slashing/v1beta1/tx_pb.js";
import { Msg as EvidenceMsg } from "../../gen/cosmos/evidence/v1beta1/tx_pb.js";
import { Msg as ConsensusMsg } from "../../gen/cosmos/consensus/v1/tx_pb.js";
import { Msg as IdentityMsg } from "../../gen/chain/identity/tx_pb.js";
import { Msg as RegistryMsg } from "../../gen/chain/registry/tx_pb.js";
import { Msg as TaxrailMsg } from "../../gen/chain/taxrail/tx_pb.js";
import { Msg as VotingMsg } from "../../gen/chain/voting/tx_pb.js";
import { cosmjsTypeUrl, toGeneratedType } from "./generatedType.js";

/**
 * The Msg services the chain serves. A Msg type is the input of a Msg service method, so a new
 * module's messages (registry, voting, taxrail) join by adding its service here.
 */
const CHAIN_MSG_SERVICES: readonly DescService[] = [
  BankMsg,
  StakingMsg,
  DistributionMsg,
  GovMsg,
  GovV1beta1Msg,
  SlashingMsg,
  EvidenceMsg,
  ConsensusMsg,
  IdentityMsg,
  RegistryMsg,
  TaxrailMsg,
  VotingMsg,
];

/** Every Msg type the chain serves as [type URL, CosmJS GeneratedType], sorted by type URL. */
export function chainMsgTypes(): Array<[string, GeneratedType]> {
  const schemas = CHAIN_MSG_SERVICES.flatMap((service) => service.methods.map((method) => method.input));
  return schemas.map((schema): [string, GeneratedType] => [cosmjsTypeUrl(schema), toGeneratedType(schema)]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What registering needs from a CosmJS Registry (a SigningStargateClient's `registry`). */
export interface CosmJsRegistry {
  lookupType(typeUrl: string): unknown;
  register(typeUrl: string, type: GeneratedType): void;
}

/**
 * Adds each chain Msg type the registry does not know yet and returns their type URLs. Types it
 * knows keep CosmJS's codecs: dapp code written for CosmJS passes values in their shape, and
 * both encode the same protobuf.
 * @example registerChainMsgTypes(client.registry) // ["/chain.identity.MsgAddIssuer", ...]
 */
export function registerChainMsgTypes(registry: CosmJsRegistry): string[] {
  const added: string[] = [];
  for (const [typeUrl, type] of chainMsgTypes()) {
    if (registry.lookupType(typeUrl) !== undefined) continue;
    registry.register(typeUrl, type);
    added.push(typeUrl);
  }
  return added;
}
