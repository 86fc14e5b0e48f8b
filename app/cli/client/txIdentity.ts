// `unitd tx identity ...`: what an authorized issuer signs. Adding and removing issuers is done by
// governance (a proposal with MsgAddIssuer / MsgRemoveIssuer), never by a tx of its own.
import { CREDENTIAL_HASH_PATTERN, CREDENTIAL_TYPE_PATTERN, msgIssueCredential, msgRevokeCredential } from "../../../sdk/tx/identityMessages.js";
import { accountAddressArg, UsageError } from "./cliArgs.js";
import { fromFlag, idArg, requiredFlag, type TxCommand } from "./txCommand.js";

export const identityTxCommands: Record<string, TxCommand> = {
  "issue-credential": {
    usage: "issue-credential --subject <address> --credential-type <type> --credential-hash 0x<sha256> --from <issuer>",
    summary: "anchor a credential: only its SHA-256 hash, type and issuer go on chain",
    options: { subject: { type: "string" }, "credential-type": { type: "string" }, "credential-hash": { type: "string" } },
    positionals: [],
    build: (_p, values) => {
      const subject = accountAddressArg(requiredFlag(values, "subject"));
      const credentialType = requiredFlag(values, "credential-type");
      if (!CREDENTIAL_TYPE_PATTERN.test(credentialType))
        throw new UsageError(
          `--credential-type "${credentialType.slice(0, 80)}" must be 1 to 64 characters of a-z, 0-9, _ . - starting with a letter or digit, such as kyc`,
        );
      const credentialHash = requiredFlag(values, "credential-hash");
      if (!CREDENTIAL_HASH_PATTERN.test(credentialHash))
        throw new UsageError(`--credential-hash must be 0x followed by 64 hex digits (the SHA-256 of the document), got "${credentialHash.slice(0, 80)}"`);
      return { from: fromFlag(values), messages: (issuer) => [msgIssueCredential({ issuer, subject, credentialType, credentialHash })] };
    },
  },
  "revoke-credential": {
    usage: "revoke-credential --credential-id <id> --from <issuer>",
    summary: "revoke a credential you issued",
    options: { "credential-id": { type: "string" } },
    positionals: [],
    build: (_p, values) => {
      const credentialId = idArg("--credential-id", requiredFlag(values, "credential-id"));
      return { from: fromFlag(values), messages: (signer) => [msgRevokeCredential({ signer, credentialId })] };
    },
  },
};
