// The proposal file `unitd tx gov submit-proposal` reads, as the Cosmos SDK's CLI defines it:
// {"messages": [{"@type": "/chain.identity.MsgAddIssuer", ...fields}], "metadata": "",
//  "deposit": "10000000uunit", "title": "...", "summary": "...", "expedited": false}
// Message fields may use proto names (issuer_address) or JSON names (issuerAddress).
import { fromJson, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { parseCoins, type Coin } from "./coins.js";
import { packAny, typeRegistry } from "./registry.js";

export interface ProposalFile {
  messages: Any[];
  metadata: string;
  deposit: Coin[];
  title: string;
  summary: string;
  expedited: boolean;
}

export class ProposalFileError extends Error {
  override name = "ProposalFileError";
}

const FIELDS = new Set(["messages", "metadata", "deposit", "title", "summary", "expedited"]);

export function parseProposalFile(text: string): ProposalFile {
  let json: JsonValue;
  try {
    json = JSON.parse(text) as JsonValue;
  } catch (err) {
    throw new ProposalFileError(`the proposal file is not valid JSON: ${(err as Error).message}`);
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) throw new ProposalFileError("the proposal file must hold a JSON object");
  const unknown = Object.keys(json).filter((k) => !FIELDS.has(k));
  if (unknown.length > 0) throw new ProposalFileError(`unknown field(s) in the proposal file: ${unknown.join(", ")} (expected ${[...FIELDS].join(", ")})`);
  const messages = json.messages ?? [];
  if (!Array.isArray(messages)) throw new ProposalFileError(`"messages" must be an array`);
  return {
    messages: messages.map((m, i) => messageAny(m, i)),
    metadata: stringField(json, "metadata"),
    deposit: depositField(json),
    title: stringField(json, "title"),
    summary: stringField(json, "summary"),
    expedited: booleanField(json, "expedited"),
  };
}

function messageAny(value: JsonValue, index: number): Any {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new ProposalFileError(`messages[${index}] must be an object with "@type"`);
  const { "@type": typeUrl, ...fields } = value as JsonObject;
  if (typeof typeUrl !== "string" || !typeUrl.startsWith("/"))
    throw new ProposalFileError(`messages[${index}] needs "@type", a type URL such as "/chain.identity.MsgAddIssuer"`);
  const schema = typeRegistry().getMessage(typeUrl.slice(1));
  if (!schema) throw new ProposalFileError(`messages[${index}]: unknown message type ${typeUrl.slice(0, 120)}`);
  try {
    return packAny(schema, fromJson(schema, fields, { registry: typeRegistry() }));
  } catch (err) {
    throw new ProposalFileError(`messages[${index}] (${typeUrl}): ${(err as Error).message}`);
  }
}

function stringField(json: JsonObject, name: string): string {
  const value = json[name] ?? "";
  if (typeof value !== "string") throw new ProposalFileError(`"${name}" must be a string`);
  return value;
}

function booleanField(json: JsonObject, name: string): boolean {
  const value = json[name] ?? false;
  if (typeof value !== "boolean") throw new ProposalFileError(`"${name}" must be true or false`);
  return value;
}

function depositField(json: JsonObject): Coin[] {
  const text = stringField(json, "deposit");
  if (text === "") return [];
  try {
    return parseCoins(text);
  } catch (err) {
    throw new ProposalFileError(`"deposit": ${(err as Error).message}`);
  }
}
