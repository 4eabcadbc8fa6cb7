/** Who is calling: the signed-in member or admin, taken from the session, never from the body. */
export type Principal = { userId: bigint; role: 'user' | 'admin'; sessionId: bigint };
