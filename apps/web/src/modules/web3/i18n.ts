import english from '../../i18n/en/web3.json';
import { englishNamespace, translate, type Vars } from '../../i18n/i18n';

/** The wallet and Web3 deposit screens' texts (decision 0039). */
export const WEB3_NS = englishNamespace('web3', english);

/** A web3 text for plain functions called at render time (tr('web3:key')). */
export const web3Text = (key: string, vars?: Vars) => translate(WEB3_NS, key, vars);
