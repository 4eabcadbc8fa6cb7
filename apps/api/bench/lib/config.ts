import { type Config, loadConfig } from '../../src/config';

/**
 * The app's configuration as the benchmarks build their services: production rules, no log, no jobs, and an
 * identity-documents key (production wants one: decision 0074; the benchmarks read no document). `extra` adds to it.
 */
export function benchConfig(extra: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'production',
    IDENTITY_DOCUMENTS_KEY: 'YmVuY2htYXJrLWlkZW50aXR5LWRvY3VtZW50cy0zMiE=',
    LOG_LEVEL: 'silent',
    RUN_JOBS: 'false',
    ...extra,
  });
}
