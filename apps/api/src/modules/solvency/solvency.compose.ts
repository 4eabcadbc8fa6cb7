import { freshReadOn } from '../../db/read-router';
import type { Deps } from '../../deps';
import type { Warn } from '../../log';
import { ProofService, utcDay } from '../proof/proof.service';
import { SolvencyService } from './solvency.service';

/**
 * The solvency service with what it needs from the app: the settings, the mailer for the owners' warning, and the
 * proof of liabilities (today's is built first when the report is asked for before the proof's job ran).
 */
export function solvencyService(deps: Deps, warn?: Warn): SolvencyService {
  const fresh = freshReadOn(deps.readRouter, deps.db);
  const proof = new ProofService(deps.db, deps.chains, warn, fresh);
  return new SolvencyService(
    deps.db,
    deps.settings,
    deps.mailer,
    warn,
    // Only today's proof can be built (its cut-off is now); a past day without one stays without a report.
    (day) => (day === utcDay(new Date()) ? proof.buildDay(day) : Promise.resolve()),
    fresh,
  );
}
