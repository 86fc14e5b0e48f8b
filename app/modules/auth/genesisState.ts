// The auth module's genesis section, as genesis.ts reads it and export.ts writes it.
export interface AuthGenesis {
  params: unknown;
  /** Decimal coin, e.g. `0.025uunit`: the least a tx pays per unit of gas. */
  min_gas_price: string;
  /** `{ address }` entries, or (in an export) each account as the SDK's Any JSON. */
  accounts: { address: string }[];
}
