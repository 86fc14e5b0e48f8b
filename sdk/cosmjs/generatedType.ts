// protobuf-es schemas as CosmJS registry entries. CosmJS's Registry calls exactly three things on
// an entry: fromPartial(value) to build the message, encode(message).finish() for its bytes, and
// decode(bytes); nothing else of the writer type it declares is used, so a schema needs no
// ts-proto or Telescope code to sign with CosmJS.
import { create, fromBinary, toBinary, type DescMessage, type Message } from "@bufbuild/protobuf";
import type { GeneratedType } from "@cosmjs/proto-signing";

/** "/chain.identity.MsgIssueCredential" for its schema: the type URL the chain routes by. */
export function cosmjsTypeUrl(schema: DescMessage): string {
  return `/${schema.typeName}`;
}

/**
 * The CosmJS GeneratedType of a protobuf-es message schema. Values are plain objects with the
 * protobuf-es field names (camelCase; int64 as bigint; bytes as Uint8Array), as CosmJS users write them.
 * @example registry.register(cosmjsTypeUrl(MsgIssueCredentialSchema), toGeneratedType(MsgIssueCredentialSchema))
 */
export function toGeneratedType(schema: DescMessage): GeneratedType {
  const type = {
    typeUrl: cosmjsTypeUrl(schema),
    fromPartial: (value: unknown): Message => create(schema, (value ?? {}) as never),
    encode: (message: Message) => {
      const bytes = toBinary(schema, create(schema, message as never));
      return { finish: () => bytes };
    },
    decode: (input: Uint8Array): Message => fromBinary(schema, input),
  };
  // The writer CosmJS declares is cosmjs-types' BinaryWriter; it only ever calls finish() on it.
  return type as unknown as GeneratedType;
}
