// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// A counter with an event and reverts with reasons: what the ethers and viem suites deploy.
contract Counter {
    uint256 public count;
    address public immutable owner;

    event Incremented(address indexed by, uint256 amount, uint256 newCount);

    constructor(uint256 start) {
        count = start;
        owner = msg.sender;
    }

    function increment(uint256 amount) external {
        require(amount > 0, "Counter: amount must be positive");
        count += amount;
        emit Incremented(msg.sender, amount, count);
    }

    /// Always reverts, after a write that the revert undoes.
    function fail() external {
        count += 1;
        revert("Counter: always fails");
    }
}
