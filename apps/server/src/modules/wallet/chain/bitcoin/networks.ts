/**
 * Network parameters of Bitcoin and Litecoin (issue 27): the bech32 prefix, the base58 version bytes of
 * addresses and WIF keys, the BIP-32 version bytes of extended keys, and the genesis block hash that tells
 * which chain a node serves. Sources: Bitcoin Core's and Litecoin Core's `chainparams.cpp`, BIP-173, and
 * SLIP-132 for the extended-key variants (zpub, vpub, Ltub, ttub).
 */

export type BitcoinCoin = 'BTC' | 'LTC';
export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'regtest';

export const BITCOIN_NETWORK_NAMES: readonly BitcoinNetworkName[] = ['mainnet', 'testnet', 'regtest'];

/** The version bytes of one extended-key prefix (xpub, zpub, Ltub, ...). */
export type ExtendedKeyVersion = { prefix: string; public: number; private: number };

export type BitcoinNetwork = {
  coin: BitcoinCoin;
  name: BitcoinNetworkName;
  /** Shown next to an address ("Bitcoin", "Litecoin testnet"). */
  label: string;
  /** bech32 human-readable part: bc, tb, bcrt, ltc, tltc, rltc. */
  bech32: string;
  /** base58check version of P2PKH addresses. */
  pubKeyHash: number;
  /** base58check versions of P2SH addresses; the first is the one addresses are made with. */
  scriptHash: readonly number[];
  /** The WIF version byte of private keys. */
  wif: number;
  /**
   * The extended-key prefixes accepted for this network. The first is the plain BIP-32 one (xpub, tpub):
   * what output descriptors use; the rest are SLIP-132 variants wallets export (zpub/vpub for native
   * segwit, Ltub/ttub for Litecoin); the key inside is the same, only the four version bytes differ.
   */
  extendedKeys: readonly ExtendedKeyVersion[];
  /** The BIP-44 coin type of the usual account path (0 Bitcoin, 2 Litecoin, 1 every test network). */
  coinType: number;
  /** The hash of block 0, how a node's network is recognised (testnet: all the test chains we accept). */
  genesis: readonly string[];
};

const XPUB: ExtendedKeyVersion = { prefix: 'xpub', public: 0x0488b21e, private: 0x0488ade4 };
const YPUB: ExtendedKeyVersion = { prefix: 'ypub', public: 0x049d7cb2, private: 0x049d7878 };
const ZPUB: ExtendedKeyVersion = { prefix: 'zpub', public: 0x04b24746, private: 0x04b2430c };
const TPUB: ExtendedKeyVersion = { prefix: 'tpub', public: 0x043587cf, private: 0x04358394 };
const UPUB: ExtendedKeyVersion = { prefix: 'upub', public: 0x044a5262, private: 0x044a4e28 };
const VPUB: ExtendedKeyVersion = { prefix: 'vpub', public: 0x045f1cf6, private: 0x045f18bc };
const LTUB: ExtendedKeyVersion = { prefix: 'Ltub', public: 0x019da462, private: 0x019d9cfe };
const MTUB: ExtendedKeyVersion = { prefix: 'Mtub', public: 0x01b26ef6, private: 0x01b26792 };
const TTUB: ExtendedKeyVersion = { prefix: 'ttub', public: 0x0436f6e1, private: 0x0436ef7d };

/** Every extended-key version we know, public and private: to name a key of the wrong network or kind. */
export const ALL_EXTENDED_KEYS: readonly ExtendedKeyVersion[] = [
  XPUB,
  YPUB,
  ZPUB,
  TPUB,
  UPUB,
  VPUB,
  LTUB,
  MTUB,
  TTUB,
];

const BTC_TEST = {
  coin: 'BTC' as const,
  pubKeyHash: 0x6f,
  scriptHash: [0xc4],
  wif: 0xef,
  extendedKeys: [TPUB, UPUB, VPUB],
  coinType: 1,
};

const LTC_TEST = {
  coin: 'LTC' as const,
  pubKeyHash: 0x6f,
  // Litecoin moved P2SH from 0xc4 (shared with Bitcoin testnet) to 0x3a (Q...); Core accepts both.
  scriptHash: [0x3a, 0xc4],
  wif: 0xef,
  extendedKeys: [TPUB, TTUB],
  coinType: 1,
};

export const BITCOIN_NETWORKS: Record<BitcoinCoin, Record<BitcoinNetworkName, BitcoinNetwork>> = {
  BTC: {
    mainnet: {
      coin: 'BTC',
      name: 'mainnet',
      label: 'Bitcoin',
      bech32: 'bc',
      pubKeyHash: 0x00,
      scriptHash: [0x05],
      wif: 0x80,
      extendedKeys: [XPUB, YPUB, ZPUB],
      coinType: 0,
      genesis: ['000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f'],
    },
    testnet: {
      ...BTC_TEST,
      name: 'testnet',
      label: 'Bitcoin testnet',
      bech32: 'tb',
      genesis: [
        // testnet3, testnet4, signet
        '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
        '00000000da84f2bafbbc53dee25a72ae507ff4914b867c565be350b0da8bf043',
        '00000008819873e925422c1ff0f99f7cc9bbb232af63a077a480a3633bee1ef6',
      ],
    },
    regtest: {
      ...BTC_TEST,
      name: 'regtest',
      label: 'Bitcoin regtest',
      bech32: 'bcrt',
      genesis: ['0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'],
    },
  },
  LTC: {
    mainnet: {
      coin: 'LTC',
      name: 'mainnet',
      label: 'Litecoin',
      bech32: 'ltc',
      pubKeyHash: 0x30,
      // 0x32 (M...) now, 0x05 (3...) before Litecoin Core 0.10 and still accepted by it.
      scriptHash: [0x32, 0x05],
      wif: 0xb0,
      // Litecoin Core's descriptors use xpub; Ltub and Mtub are what some Litecoin wallets export.
      extendedKeys: [XPUB, LTUB, MTUB],
      coinType: 2,
      genesis: ['12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2'],
    },
    testnet: {
      ...LTC_TEST,
      name: 'testnet',
      label: 'Litecoin testnet',
      bech32: 'tltc',
      genesis: ['4966625a4b2851d9fdee139e56211a0d88575f59ed816ff5e6a63deb4e3e29a0'],
    },
    regtest: {
      ...LTC_TEST,
      name: 'regtest',
      label: 'Litecoin regtest',
      bech32: 'rltc',
      genesis: ['530827f38f93b43ed12af0b3ad25a288dc02ed74d6d7857862df51fc56c416f9'],
    },
  },
};

export const bitcoinNetwork = (coin: BitcoinCoin, name: BitcoinNetworkName): BitcoinNetwork =>
  BITCOIN_NETWORKS[coin][name];

/** The network whose address format an address of another network has, for "this is a ... address". */
export const otherNetworks = (network: BitcoinNetwork): BitcoinNetwork[] =>
  BITCOIN_NETWORK_NAMES.filter((name) => name !== network.name).map(
    (name) => BITCOIN_NETWORKS[network.coin][name],
  );

/**
 * The network object `@scure/btc-signer` takes for addresses and WIF, one per accepted P2SH version
 * (the library takes one): the first is the one addresses are written with.
 */
export const signerNetworks = (network: BitcoinNetwork) =>
  network.scriptHash.map((scriptHash) => ({
    bech32: network.bech32,
    pubKeyHash: network.pubKeyHash,
    scriptHash,
    wif: network.wif,
  }));

export const signerNetwork = (network: BitcoinNetwork) => signerNetworks(network)[0]!;
