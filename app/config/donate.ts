/**
 * The donation methods (SPEC §9): crypto USDT and USDC on ERC20, Bitcoin, Ethereum on Base, and
 * bank transfers in USD, TRY and GBP. The wallet addresses and account details are not published
 * (SPEC: "account details not reproduced"): the page asks for them by email.
 */
export const DONATION_EMAIL = "donate@trinity.domains";

export const CRYPTO_METHODS = [
  { asset: "USDT", network: "Ethereum (ERC20)" },
  { asset: "USDC", network: "Ethereum (ERC20)" },
  { asset: "Bitcoin (BTC)", network: "Bitcoin" },
  { asset: "Ethereum (ETH)", network: "Base" },
] as const;

export const BANK_CURRENCIES = ["USD", "TRY", "GBP"] as const;
