/**
 * Withdrawal targets for tests. The simulated chain runs as each coin's test network and refuses mainnet
 * addresses (decision 0047), so a send-out in a test goes to one of these (published addresses: BIP-173's
 * program under Bitcoin regtest's HRP, a Litecoin Core regtest wallet's, a Monero stagenet wallet's).
 */
export const TEST_NETWORK_ADDRESSES = {
  BTC: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  LTC: 'rltc1qlkp8904tzjyd8qwzjl550k040qz08ulaeajgcn',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  XMR: '53gEuGZUhP9JMEBZoGaFNzhwEgiG7hwQdMCqFxiyiTeFPmkbt1mAoNybEUvYBKHcnrSgxnVWgZsTvRBaHBNXPa8tHiCU51a',
} as const;

/** The same BIP-173 program on Bitcoin's main network: what the simulated chain refuses to send to. */
export const BITCOIN_MAINNET_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
