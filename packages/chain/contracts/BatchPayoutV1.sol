// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title BatchPayout, version 1 (decision 0034): kept as it was deployed, so batches it paid are still verified and its
///        artifact (src/dev/BatchPayoutV1.json) can be deployed in tests. Any caller could spend a batch's `ref`
///        first (decision 0053); version 2 (BatchPayout.sol) binds `ref` to its payer.
/// @notice Pays approved withdrawals: many recipients of one ERC-20 token in one transaction, straight from the
///         caller's wallet (the payer approves this contract first). Each batch carries a reference `ref` that can
///         be paid once only, and a deadline after which it can no longer be sent.
/// @dev No owner, no admin, no balance: the tokens go from the payer to the recipients within the call, so this
///      contract never holds funds and has nothing to steal or to upgrade.
contract BatchPayout {
    /// @dev The most transfers in one batch (keeps a batch well inside a block's gas limit).
    uint256 private constant MAX_BATCH = 200;

    /// @notice A batch was paid: `count` transfers of `token` from `payer`, `total` in the token's units.
    event BatchPaid(
        bytes32 indexed ref,
        address indexed token,
        address indexed payer,
        uint256 count,
        uint256 total,
        uint256 deadline
    );

    /// @notice Whether the batch `ref` was paid.
    mapping(bytes32 => bool) public paid;

    /// @notice Pays amounts[i] of `token` from msg.sender to to[i], all or nothing.
    /// @dev Reverts when `ref` was paid before ("batch paid"), after `deadline` ("batch expired"), when the arrays
    ///      are empty, differ in length or hold more than MAX_BATCH ("bad batch"), or when any transfer fails
    ///      ("token transfer failed"). `ref` is marked paid before the transfers, so a token calling back into
    ///      this contract cannot pay the same batch twice.
    function pay(
        address token,
        bytes32 ref,
        uint256 deadline,
        address[] calldata to,
        uint256[] calldata amounts
    ) external {
        require(!paid[ref], "batch paid");
        require(block.timestamp <= deadline, "batch expired");
        uint256 count = to.length;
        require(count != 0 && count == amounts.length && count <= MAX_BATCH, "bad batch");
        // A call to an address without code "succeeds" with no return data: it must not pass for a payment.
        require(token.code.length != 0, "token transfer failed");
        paid[ref] = true;
        uint256 total = 0;
        for (uint256 i = 0; i < count; i++) {
            transferFrom(token, msg.sender, to[i], amounts[i]);
            total += amounts[i];
        }
        emit BatchPaid(ref, token, msg.sender, count, total, deadline);
    }

    /// @dev The SafeERC20 pattern: a low-level call, then either no return data (USDT on Ethereum returns no bool)
    ///      or an ABI-encoded true; anything else (a revert, false, garbage) reverts.
    function transferFrom(address token, address from, address to, uint256 amount) private {
        // transferFrom(address,address,uint256)
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, amount));
        require(ok && (data.length == 0 || (data.length >= 32 && abi.decode(data, (bool)))), "token transfer failed");
    }
}
