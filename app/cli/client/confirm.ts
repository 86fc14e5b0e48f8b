// Asking the user before signing. Only a terminal can answer; a script must pass -y explicitly,
// so nothing is signed because a pipe happened to contain a "y".
import type { TerminalInput } from "../keys/terminalInput.js";
import { ClientError } from "../../../sdk/client/errors.js";
import { UsageError } from "./cliArgs.js";

export async function confirmOrFail(input: TerminalInput, question: string): Promise<void> {
  if (!input.interactive) throw new UsageError("not signing: confirmation needs a terminal; pass -y (--yes) to sign and broadcast without asking");
  const answer = await input.line(`${question} [y/N]: `);
  if (!/^y(es)?$/i.test((answer ?? "").trim())) throw new ClientError("cancelled: nothing was signed");
}
