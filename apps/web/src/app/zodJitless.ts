/**
 * zod compiles object parsers with `new Function` unless told not to, and first probes whether it may.
 * Under the server's Content-Security-Policy (no 'unsafe-eval', decision 0014) that probe is a reported
 * violation, so the app turns the compiler off before zod loads. zod reads this object from globalThis
 * (zod/v4/core `globalConfig`), which keeps zod itself out of the first screen.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig ??= {};
g.__zod_globalConfig.jitless = true;
