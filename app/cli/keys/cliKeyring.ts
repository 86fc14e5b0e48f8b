// The keyring a `unitd keys` command works on, wired to the terminal for its passphrase.
import { openKeyring, type Keyring } from "../../../sdk/keyring/index.js";
import type { CommonSettings } from "./flags.js";
import type { TerminalInput } from "./terminalInput.js";
import { keyringPassphraseFrom } from "./passphrases.js";

export function openCliKeyring(settings: CommonSettings, input: TerminalInput): Keyring {
  return openKeyring({ home: settings.home, backend: settings.backend, passphrase: keyringPassphraseFrom(input) });
}

/** Everything a subcommand needs besides its arguments. */
export interface KeysIo {
  input: TerminalInput;
  stdout(text: string): void;
  stderr(text: string): void;
}
