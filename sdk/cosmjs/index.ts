// protobuf-es message types in CosmJS form: the chain's Msgs for a CosmJS Registry.
export { cosmjsTypeUrl, toGeneratedType } from "./generatedType.js";
export { chainMsgTypes, registerChainMsgTypes, type CosmJsRegistry } from "./registry.js";
