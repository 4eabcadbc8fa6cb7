import english from '../../i18n/en/token.json';
import { englishNamespace, tr, type Vars } from '../../i18n/i18n';

/** The SGX token screens' texts, member and admin (decision 0039). */
export const TOKEN_NS = englishNamespace('token', english);

/** A token text outside a component, for plain functions called at render time (never at import). */
export const tokenText = (key: string, vars?: Vars) => tr(`${TOKEN_NS}:${key}`, vars);
