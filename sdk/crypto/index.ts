// The client SDK's crypto: hashes, secp256k1 keys and signatures, and the chain's address forms.
export { sha256, ripemd160, keccak256 } from "./hashes.js";
export { AddressError, KeyFormatError } from "./errors.js";
export * from "./prefixes.js";
export { isValidPrivateKey, publicKeyFromPrivateKey, signSecp256k1 } from "./secp256k1Sign.js";
export { isHighS } from "./signatureForm.js";
export { verifySecp256k1 } from "./secp256k1VerifyJs.js";
export { bytesEqual, fromBase64, fromHex, latin1, toBase64, toHex } from "./encoding.js";
export { compressPubKey, decompressPubKey, isValidPubKey } from "./pubkey.js";
export { addressFromPubKey, cosmosAddressFromPubKey, ethAddressFromPubKey, tryAddressFromPubKey } from "./address.js";
export { decodeBech32, encodeBech32, splitBech32, type Bech32DecodeOptions } from "./bech32.js";
export { formatHexAddress, parseHexAddress } from "./hexAddress.js";
export { accountAddressForms, formatAccountAddress, formatValidatorAddress, parseAccountAddress, toBech32Address, toHexAddress } from "./accountAddress.js";
