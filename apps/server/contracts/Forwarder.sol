// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/**
 * A user's deposit address on the EVM chain (decision 0059). The factory deploys one per user with
 * CREATE2, so its address is known before it exists: coins sent there wait until the hot wallet deploys
 * it and flushes them. It sends ETH and any ERC-20 it holds to one destination only, the hot wallet fixed
 * in the factory at the factory's deployment: whoever calls `flush` cannot send the coins anywhere else.
 */
contract Forwarder {
    /** The hot wallet: read from the factory once, at deployment; the init code has no arguments, so
     *  every forwarder of a factory has the same init code hash and the address depends on the salt only. */
    address payable public immutable destination;

    constructor() {
        destination = payable(ForwarderFactory(msg.sender).hotWallet());
    }

    /** Plain ETH transfers are accepted (and cost no more than 21,000 gas plus this): flushed later. */
    receive() external payable {}

    /** Sends the whole ETH balance to the hot wallet. */
    function flush() public {
        uint256 balance = address(this).balance;
        if (balance == 0) return;
        (bool ok, ) = destination.call{value: balance}("");
        require(ok, "ETH flush failed");
    }

    /**
     * Sends the whole balance of `token` to the hot wallet. USDT's `transfer` returns nothing, so the
     * return data is accepted when empty and must decode to true when present.
     */
    function flushToken(address token) public {
        (bool got, bytes memory balanceData) = token.staticcall(
            abi.encodeWithSelector(0x70a08231, address(this))
        );
        require(got && balanceData.length >= 32, "balanceOf failed");
        uint256 balance = abi.decode(balanceData, (uint256));
        if (balance == 0) return;
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, destination, balance));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "token flush failed");
    }
}

/**
 * Deploys the forwarders (CREATE2, salt = the user's index) and flushes them in one call. Anyone may call
 * it: the coins can only ever reach `hotWallet`, so a caller can at worst pay the gas for the platform.
 */
contract ForwarderFactory {
    address payable public immutable hotWallet;

    event ForwarderDeployed(uint256 indexed index, address forwarder);

    constructor(address payable hotWallet_) {
        require(hotWallet_ != address(0), "no hot wallet");
        hotWallet = hotWallet_;
    }

    /** The forwarder of `index`, deployed or not. */
    function forwarderAddress(uint256 index) public view returns (address) {
        bytes32 hash = keccak256(
            abi.encodePacked(bytes1(0xff), address(this), bytes32(index), keccak256(type(Forwarder).creationCode))
        );
        return address(uint160(uint256(hash)));
    }

    /** Deploys the forwarder of `index` if it is not yet, then flushes its ETH and the given tokens. */
    function sweep(uint256 index, address[] calldata tokens) external {
        address payable forwarder = payable(forwarderAddress(index));
        if (forwarder.code.length == 0) {
            new Forwarder{salt: bytes32(index)}();
            emit ForwarderDeployed(index, forwarder);
        }
        Forwarder(forwarder).flush();
        for (uint256 i = 0; i < tokens.length; i++) {
            Forwarder(forwarder).flushToken(tokens[i]);
        }
    }
}
