// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// Stores a greeting and counts its changes: enough state, an event and a view to check a deploy.
contract Greeter {
    string private greeting;
    uint256 public changes;

    event GreetingChanged(address indexed by, string greeting);

    constructor(string memory initial) {
        greeting = initial;
    }

    function greet() external view returns (string memory) {
        return greeting;
    }

    function setGreeting(string calldata next) external {
        require(bytes(next).length > 0, "Greeter: empty greeting");
        greeting = next;
        changes += 1;
        emit GreetingChanged(msg.sender, next);
    }
}
