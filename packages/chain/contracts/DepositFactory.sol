// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface IERC20Balance {
    function balanceOf(address owner) external view returns (uint256);
}

/// @title DepositForwarder
/// @notice A member's deposit address. It holds no key and has one action: its factory moves its whole balance of
///         a token to the factory's immutable treasury.
/// @dev `factory` is the deployer (msg.sender), not a constructor argument, so the creation code is a constant and
///      every forwarder's address follows from (factory, salt) alone.
contract DepositForwarder {
    address public immutable factory;

    constructor() {
        factory = msg.sender;
    }

    /// @notice Sends this forwarder's whole `token` balance to the factory's treasury; returns the amount (0, and
    ///         no transfer, when there is nothing).
    /// @dev A low-level call, then the balance is checked, instead of trusting the returned bool: TRON's USDT
    ///      returns no bool or a wrong one.
    function flush(address token) external returns (uint256 amount) {
        require(msg.sender == factory, "only the factory");
        amount = IERC20Balance(token).balanceOf(address(this));
        if (amount == 0) return 0;
        address treasury = DepositFactory(factory).treasury();
        (bool ok, ) = token.call(abi.encodeWithSelector(0xa9059cbb, treasury, amount)); // transfer(address,uint256)
        require(ok, "token transfer failed");
        require(IERC20Balance(token).balanceOf(address(this)) == 0, "token transfer left a balance");
    }
}

/// @title DepositFactory
/// @notice Deploys members' DepositForwarders with CREATE2 and sweeps them to the immutable treasury.
/// @dev The same creation code and constructor arguments give the same factory address on every EVM chain, hence
///      the same member addresses. TRON's TVM computes CREATE2 addresses with the prefix 0x41 instead of 0xff; the
///      constructor proves the prefix on the VM it runs on, so a factory whose `addressOf` would lie cannot exist.
contract DepositFactory {
    address public immutable treasury;
    bytes1 public immutable create2Prefix;
    bytes32 public immutable forwarderCodeHash;

    event Swept(address indexed forwarder, address indexed token, uint256 amount);

    constructor(address treasury_, bytes1 create2Prefix_) {
        require(treasury_ != address(0), "treasury is the zero address");
        treasury = treasury_;
        create2Prefix = create2Prefix_;
        forwarderCodeHash = keccak256(type(DepositForwarder).creationCode);
        address deployed = address(new DepositForwarder{salt: bytes32(0)}());
        require(deployed == addressOf(bytes32(0)), "CREATE2 prefix does not match this chain");
    }

    /// @notice The forwarder address of `salt`, whether deployed yet or not.
    function addressOf(bytes32 salt) public view returns (address) {
        return address(uint160(uint256(keccak256(abi.encodePacked(create2Prefix, address(this), salt, forwarderCodeHash)))));
    }

    /// @notice Deploys each salt's forwarder when needed and moves its whole `token` balance to the treasury.
    /// @dev Anyone may call it: the money can only go to the immutable `treasury`, so a caller can do no more
    ///      than pay the gas to move it where it belongs.
    function sweep(address token, bytes32[] calldata salts) external {
        for (uint256 i = 0; i < salts.length; i++) {
            address forwarder = addressOf(salts[i]);
            if (forwarder.code.length == 0) new DepositForwarder{salt: salts[i]}();
            uint256 amount = DepositForwarder(forwarder).flush(token);
            if (amount != 0) emit Swept(forwarder, token, amount);
        }
    }
}
