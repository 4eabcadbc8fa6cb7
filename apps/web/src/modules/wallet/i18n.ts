import english from '../../i18n/en/wallet.json';
import { englishNamespace } from '../../i18n/i18n';

/** The wallet balances, active plan and held-deposit texts of the dashboard (decision 0039). */
export const WALLET_NS = englishNamespace('wallet', english);
