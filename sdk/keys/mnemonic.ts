// BIP-39 mnemonics, English word list only (the Cosmos SDK's and every wallet's default).
import * as bip39 from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { MnemonicError } from "./errors.js";

export type MnemonicLength = 12 | 15 | 18 | 21 | 24;
const VALID_LENGTHS: readonly number[] = [12, 15, 18, 21, 24];
const WORDS = new Set(wordlist);

/** A fresh random mnemonic; 24 words (256 bits of entropy) unless asked otherwise. */
export function generateMnemonic(words: MnemonicLength = 24): string {
  if (!VALID_LENGTHS.includes(words)) throw new MnemonicError(`a mnemonic has 12, 15, 18, 21 or 24 words, not ${words}`);
  return bip39.generateMnemonic(wordlist, (words / 3) * 32);
}

/** Lower-cases and collapses whitespace, so a phrase pasted with extra spaces or newlines works. */
export function normalizeMnemonic(mnemonic: string): string {
  return mnemonic.normalize("NFKD").trim().toLowerCase().split(/\s+/).filter(Boolean).join(" ");
}

/**
 * Checks a (normalized) mnemonic, throwing MnemonicError that says which check failed: the word
 * count, a word outside the list (by position, never echoing the word), or the checksum.
 */
export function validateMnemonic(mnemonic: string): void {
  const words = normalizeMnemonic(mnemonic).split(" ").filter(Boolean);
  if (words.length === 0) throw new MnemonicError("empty mnemonic: expected 12, 15, 18, 21 or 24 words");
  if (!VALID_LENGTHS.includes(words.length)) {
    throw new MnemonicError(`a mnemonic has 12, 15, 18, 21 or 24 words, got ${words.length}`);
  }
  const unknown = words.flatMap((w, i) => (WORDS.has(w) ? [] : [i + 1]));
  if (unknown.length > 0) {
    const which = unknown.length === 1 ? `word ${unknown[0]} is` : `words ${unknown.join(", ")} are`;
    throw new MnemonicError(`invalid mnemonic: ${which} not in the BIP-39 English word list (check the spelling)`);
  }
  if (!bip39.validateMnemonic(words.join(" "), wordlist)) {
    throw new MnemonicError("invalid mnemonic: the checksum does not match (a word is wrong, or the words are out of order)");
  }
}
