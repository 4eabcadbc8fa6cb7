/** Whether every one of `ports` can be bound on 127.0.0.1 now. */
export function portsFree(ports: number[]): boolean;
/** A base port `p` such that `p + o` is free for every offset, all below the ephemeral range. */
export function pickFreePort(offsets?: number[]): number;
