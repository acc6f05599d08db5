// The local EVM node of the tests (decision 0059): Hardhat 2's network only, never `hardhat compile`
// (the contracts are compiled with solc from npm). Chain id 31337, automine; the tests mine by hand too.
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      hardfork: 'cancun',
      mining: { auto: true, interval: 0 },
      accounts: { count: 5 },
    },
  },
  paths: { cache: '/tmp/hardhat-cache-evm-tests', artifacts: '/tmp/hardhat-artifacts-evm-tests' },
};
