import english from '../../i18n/en/simulation.json';
import { englishNamespace } from '../../i18n/i18n';

/** The plan-change simulation's texts (decision 0069): every figure with the sentence that says what it means. */
export const SIMULATION_NS = englishNamespace('simulation', english);
