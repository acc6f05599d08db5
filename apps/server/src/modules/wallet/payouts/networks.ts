import { NETWORK, TEST_NETWORK } from '@scure/btc-signer';

/** Address parameters of a Bitcoin-family network, as `@scure/btc-signer` takes them. */
export type ChainParams = typeof NETWORK;

/**
 * The networks the hot wallet pays on (issue 27): Bitcoin and Litecoin, each on mainnet, testnet and
 * regtest. Which one a server runs is the chain configuration's choice; the payouts only need the
 * address parameters to turn a withdrawal's address into an output script.
 */
export const CHAIN_PARAMS: Record<'BTC' | 'LTC', Record<'mainnet' | 'testnet' | 'regtest', ChainParams>> = {
  BTC: {
    mainnet: NETWORK,
    testnet: TEST_NETWORK,
    regtest: { ...TEST_NETWORK, bech32: 'bcrt' },
  },
  LTC: {
    mainnet: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
    testnet: { bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
    regtest: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
  },
};
