/** Cache keys of the chains' reads (apart from chainsApi, so the provider can name them without loading it). */
export const chainKeys = { all: ['chains'] as const };
